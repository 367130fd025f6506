#!/usr/bin/env python3
"""A complete hangman bot in about 80 lines: the JSON mode of hangman-server, from a program.

    python3 docs/examples/bot.py [--host localhost] [--port 4000] [--name pybot] [--games 1]

It logs in, asks for JSON lines, takes a seat with quick play (`play`), and on each `state` whose
`turn` is its own name, guesses the letter found in the most words that still fit the pattern
(the same idea as the server's strong house bot). It stops after --games games. Every line the
server sends is one JSON object with a `type` (docs/PROTOCOL.md, docs/protocol.schema.json).
"""
import argparse
import json
import re
import socket
from collections import Counter

# Any list of English words, one a line (Debian: apt-get install wamerican); without one the bot
# falls back on plain letter frequency.
WORDS = ["/usr/share/dict/american-english", "/usr/share/dict/words"]


def load_words():
    for path in WORDS:
        try:
            with open(path, encoding="utf-8", errors="ignore") as f:
                return [w for w in (line.strip() for line in f) if re.fullmatch(r"[a-z]+", w)]
        except OSError:
            continue
    return []


def best_letter(state, words):
    pattern, guessed = state["pattern"], set(state["guessed"])
    hidden = "[^" + "".join(sorted(guessed)) + "]" if guessed else "."
    regex = re.compile("".join(c if c != "_" else hidden for c in pattern))
    fits = [w for w in words if len(w) == len(pattern) and regex.fullmatch(w)]
    counts = Counter(c for w in fits for c in set(w) if c in state["available"])
    for letter, _ in counts.most_common():
        return letter
    return next(c for c in "etaoinshrdlcumwfgypbvkjxqz" if c in state["available"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--host", default="localhost")
    parser.add_argument("--port", type=int, default=4000)
    parser.add_argument("--name", default="pybot")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    words = load_words()

    sock = socket.create_connection((args.host, args.port))
    reader = sock.makefile("r", encoding="utf-8", newline="\n")
    send = lambda line: sock.sendall((line + "\n").encode())
    send("json")  # allowed before a name; from now on every line is JSON
    send("name " + args.name)
    games, asked = 0, None
    for line in reader:
        if not line.startswith("{"):
            continue  # the text banner sent before `json` took effect
        event = json.loads(line)
        kind = event["type"]
        if kind == "error":
            print("error:", event["code"], event["message"])
            if event["code"] in ("name_taken", "name_invalid"):
                break
        elif kind == "state" and event["status"] == "playing" and event["turn"] == args.name:
            key = (event["round"], tuple(event["guessed"]))
            if key != asked:  # one guess per position: the next state will show its outcome
                asked = key
                letter = best_letter(event, words)
                print(f"round {event['round']}: {event['pattern']} -> {letter}")
                send(letter)
        elif kind == "round_over":
            print(f"round {event['round']} {event['result']}: {event['word']}")
        elif kind == "game_over":
            games += 1
            print("game over:", ", ".join(f"{s['name']} {s['score']}" for s in event["scores"]))
            if games >= args.games:
                break
    send("quit")
    sock.close()


if __name__ == "__main__":
    main()
