"""Benchmark: reading real-size VASSAL saves.

Saves made here the way VASSAL writes them (obfuscated ``savedGame`` in a zip): thousands of pieces
whose trait lists are as long as real modules' (15-30 traits: Markers, layers with a dozen images,
reports, hides, calculated properties, some traits empty, so SequenceEncoder quotes the rest), on a
map in stacks, and decks of cards. Two sizes: about 2 MB and about 20 MB of file.

Timed: ``read_game`` (unzip, de-obfuscate, split the commands, apply every one: each piece's name
and place read from its nested traits, stacks and decks built). Baseline, in the same run: the
unzipping and decoding alone (unzip, de-obfuscate, split into commands), which any reader pays.

Goal (issue 29): any real save read in under 1 s per 2 MB of file.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

from timing import best_of

from railhead.exporters.vassal.encoding import commands, join
from railhead.exporters.vassal.pieces import nest
from railhead.exporters.vassal.saves import deobfuscate, read_entry, read_game, write_save

MAP = "Main Map"


def _trait(rng: random.Random, k: int) -> tuple[str, str]:
    images = ",".join(f"u{rng.getrandbits(40):x}_{j}.png" for j in range(rng.randint(4, 12)))
    kinds = [
        (f"mark;Type,Class,Army{k % 7},Stack,Id", f"Unit,INF,French,2,{rng.getrandbits(48):x}"),
        (
            f"emb2;Activate;2;;;2;;;;1;;0;0;;;;;;;;;;;;;1;false;0;0;{images};,,,,,;true;Step;;;false;;1;1;true;65,130;;;;1.0;",
            str(rng.randint(1, 4)),
        ),  # noqa: E501
        ("report;78,130;$location$: $newPieceName$ $menuCommand$ *;;;", ""),
        ("immob;g;;", ""),
        ("hide;72,130;Hide;G;player:;", "null"),
        ("macro;Undo;;;;;;;", ""),
        ("calcProp;Strength;{If(Step==1,5,3)};", ""),
        ("markmoved;moved.png;-27;-20;Mark Moved;77,130;", "false"),
    ]
    return kinds[rng.randrange(len(kinds))]


def _piece(pid: int, rng: random.Random, x: int, y: int, map_: str = MAP) -> str:
    traits = [_trait(rng, k) for k in range(rng.randint(15, 30))]
    types = [t for t, _ in traits] + [join(["piece", "", "", f"u{pid}.png", f"Unit {pid} 6-5"], ";")]
    states = [s for _, s in traits] + [join([map_, str(x), str(y), "", "0"], ";")]
    return join(["+", str(pid), nest(types), nest(states)], "/")


def build_save(path: Path, target_mb: float, seed: int = 0) -> int:
    """A save of about ``target_mb`` MB: pieces in stacks of 1-4 on a map, and decks of 200 cards;
    returns the number of pieces."""
    rng = random.Random(seed)
    cmds, pid, size = [], 0, 0
    while size < target_mb * 4_400_000:  # about the text a MB of zipped, obfuscated save holds
        x, y = rng.randrange(0, 6000, 60), rng.randrange(0, 4000, 70)
        members = []
        for _ in range(rng.randint(1, 4)):
            pid += 1
            cmd = _piece(pid, rng, x, y)
            cmds.append(cmd)
            size += len(cmd)
            members.append(str(pid))
        cmds.append(join(["+", f"s{pid}", "stack", join([MAP, str(x), str(y), *members], ";")], "/"))
        if pid % 2000 < 4:  # now and then a deck of cards
            cards = []
            for _ in range(200):
                pid += 1
                cmds.append(_piece(pid, rng, 0, 0, "null"))
                cards.append(str(pid))
            cmds.append(
                join(["+", f"d{pid}", "deck;", join([MAP, "100", "100", "true", ",".join(cards)], ";")], "/")
            )
    write_save(path, [*cmds, f"{MAP}BoardPicker\tMap\t0\t0"])
    return pid


def decode_only(path: Path) -> int:
    return sum(1 for _ in commands(deobfuscate(read_entry(path, "savedGame"))))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="2,20", help="sizes in MB of the saves to build, comma-separated")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'save':>10} {'pieces':>8} {'read_game':>10} {'s/2 MB':>7} {'decode only':>12} {'ratio':>6}")
        for mb in (float(s) for s in args.sizes.split(",")):
            path = Path(tmp) / f"save-{mb:g}mb.vsav"
            pieces = build_save(path, mb)
            size = path.stat().st_size / 1e6
            t_read, game = best_of(read_game, path, runs=2)
            t_decode, _ = best_of(decode_only, path, runs=2)
            assert len(game.pieces) == pieces, (len(game.pieces), pieces)
            print(
                f"{size:8.1f}MB {pieces:8d} {t_read:9.2f}s {t_read / size * 2:6.2f}s "
                f"{t_decode:11.2f}s {t_read / t_decode:5.1f}x"
            )
    sys.stdout.flush()


if __name__ == "__main__":
    main()
