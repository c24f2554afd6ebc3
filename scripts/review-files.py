#!/usr/bin/env python3
"""Game files for the review's screenshots, from a record of `ludo-cli record` (its seed in
it): DIR/review-served.json, the game as a room server serves it (the hash of its seed
published, the seed revealed), and DIR/review-tampered.json, the same with its first roll
changed to another that brings no piece out either (the game still plays; its dice check
fails). `python3 scripts/review-files.py RECORD.json DIR`
"""
import copy
import hashlib
import json
import sys
from pathlib import Path


def main():
    record = json.loads(Path(sys.argv[1]).read_text())
    out = Path(sys.argv[2])
    seed = record["seed"]
    served = {
        "record": record,
        "served": {"promised": hashlib.sha256(str(seed).encode()).hexdigest(), "seed": seed},
        "id": "K7X9PQTA-1",
    }
    (out / "review-served.json").write_text(json.dumps(served, indent=1))
    tampered = copy.deepcopy(served)
    steps = tampered["record"]["steps"]
    first = steps[0]["roll"]
    if first == 6:
        sys.exit("the record's first roll is a six: pick another seed")
    steps[0] = {"roll": first % 5 + 1}
    (out / "review-tampered.json").write_text(json.dumps(tampered, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
