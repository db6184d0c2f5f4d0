#!/usr/bin/env bash
# A throwaway ClamAV clamd for the scanning tests, on a free loopback port, whose only signature is
# the EICAR test file (signatures cannot be downloaded here, and the tests need nothing else).
#
#   eval "$(scripts/clamd-test.sh start)"   # prints the exports: TEST_CLAMD_HOST/PORT, CLAMD_TEST_DIR
#   scripts/clamd-test.sh stop              # stops the clamd of $CLAMD_TEST_DIR and removes the directory
set -euo pipefail

clamd_bin() {
  command -v clamd 2>/dev/null || { [ -x /usr/sbin/clamd ] && echo /usr/sbin/clamd; } || {
    echo 'clamd is not installed (Debian: apt-get install clamav-daemon)' >&2
    exit 1
  }
}

free_port() {
  node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })"
}

ping_clamd() {
  local reply
  exec 3<>"/dev/tcp/127.0.0.1/$1" || return 1
  printf 'zPING\0' >&3
  IFS= read -r -d '' -t 2 reply <&3 || true
  exec 3<&- 3>&-
  [ "$reply" = PONG ]
}

start() {
  local bin dir port eicar
  bin=$(clamd_bin)
  dir=$(mktemp -d "${TMPDIR:-/tmp}/rw-clamd.XXXXXX")
  port=${CLAMD_TEST_PORT:-$(free_port)}
  mkdir -p "$dir/db"
  # The 68-byte EICAR test string; an .hdb line is MD5:size:name of a whole file.
  eicar='X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*'
  printf '%s:%s:Eicar-Test-Signature\n' "$(printf '%s' "$eicar" | md5sum | cut -d' ' -f1)" "${#eicar}" >"$dir/db/eicar.hdb"
  # Limits above the product's 100 MB upload limit, so that every accepted file is scanned whole.
  cat >"$dir/clamd.conf" <<EOF
DatabaseDirectory $dir/db
TCPSocket $port
TCPAddr 127.0.0.1
Foreground no
PidFile $dir/clamd.pid
LogFile $dir/clamd.log
TemporaryDirectory $dir
StreamMaxLength 110M
MaxFileSize 110M
MaxScanSize 440M
EOF
  "$bin" --config-file="$dir/clamd.conf" >&2
  for _ in $(seq 1 60); do
    if ping_clamd "$port" 2>/dev/null; then
      echo "export TEST_CLAMD_HOST=127.0.0.1 TEST_CLAMD_PORT=$port CLAMD_TEST_DIR=$dir"
      return 0
    fi
    sleep 0.5
  done
  echo "clamd did not answer on 127.0.0.1:$port; its log:" >&2
  cat "$dir/clamd.log" >&2 || true
  CLAMD_TEST_DIR=$dir stop
  exit 1
}

stop() {
  local dir=${CLAMD_TEST_DIR:-}
  [ -n "$dir" ] && [ -d "$dir" ] || return 0
  if [ -f "$dir/clamd.pid" ]; then
    local pid
    pid=$(cat "$dir/clamd.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
