"""python -m tests.reference.cli FILE|-  : replay a record with the reference."""

import json
import sys

from .ref import RefError, ref_replay


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    path = argv[0] if argv else "-"
    record = json.load(sys.stdin if path == "-" else open(path, encoding="utf-8"))
    try:
        print(json.dumps(ref_replay(record), ensure_ascii=False))
    except RefError as e:
        print(json.dumps({"error": e.message, "action": e.action}), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
