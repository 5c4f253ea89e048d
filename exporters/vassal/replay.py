"""The table a VASSAL save or log describes: pieces, stacks and decks, with each command applied
as VASSAL's own classes apply it (read at ``vassalengine/vassal`` 17fb917c5).

- ``+/id/type/state`` (``AddPiece``; only the first three ``/`` tokens count). A ``stack`` type is a
  Stack: state ``map;x;y;id;…;@@layer`` — with map ``null`` the position is (0, 0) and every
  following token is read as a child id (``Stack.setState``). A ``deck;`` type is a Deck: state
  ``map;x;y;faceDown;id,id,…``. Anything else is a piece whose innermost trait is the BasicPiece,
  state ``map;x;y;gpid;…``; a piece is added on its map, unstacked.
- A piece in a stack or deck is where its container is (``BasicPiece.getMap``/``getPosition`` ask
  the parent), whatever its own state says: in VASSAL 2.9/3.x saves a stacked piece's own state
  reads ``null;x;y`` and only the stack carries map and position.
- ``M/id/map/x/y/under/…`` (``MovePiece``) moves a piece, a stack or a deck. On a map, it joins the
  piece ``under`` when that one is at the new point on that map, else whatever lies exactly at the
  new point (a deck, a stack with pieces, or a lone piece, which then gets a stack); otherwise a
  lone piece is put in a new stack (since VASSAL 3.6.0, commit e03ccab2f; before, it stayed
  alone: ``Game(lone_pieces_stack=False)``), a stacked piece leaves its stack, a stack moves with
  its pieces. To no map: a top-level piece or stack leaves its map; a stacked piece stays.
- ``D/id/new[/old]`` (``ChangePiece``). With an old state, only parts that differ are applied
  (``mergeState``): if the BasicPiece's own state did not change, the piece stays put. A stacked
  piece whose new state names no map, or its stack's map, stays in its stack at the stack's
  position; another map takes it out of the stack to its own position. A stack or deck is set
  anew (``Stack.mergeState`` keeps pieces neither state lists).
- ``-/id`` (``RemovePiece``): a removed stack's pieces stay where it was, on no map.
- ``<map>BoardPicker`` TAB board TAB col TAB row …: the board layout of a map.
- ``TURN<id>`` TAB state (``TurnTracker.SetTurn``): a turn tracker's new state, kept in order with
  the moves (:attr:`Game.turns`; :mod:`.turns` reads it).

Stacking is taken as enabled on every map (VASSAL's default), as is every piece stackable.
Commands that do not concern pieces or boards, and pieces whose innermost trait is not a
BasicPiece, are skipped and counted in :attr:`Game.notes`; a malformed piece command is reported
there and skipped, as VASSAL skips what it cannot decode. Numbers are read as VASSAL reads them
(:func:`.encoding.java_int`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from ...errors import InputError
from .encoding import java_int, split
from .pieces import innermost, unnest

NO_MAP = "null"
NOT_PIECES = ("begin_save", "end_save", "UNDO\t", "SETUP_STACK", "PLAYER\t", "CHAT", "NOTES")


@dataclass(frozen=True)
class Piece:
    """A piece where VASSAL shows it: its map (None: on no map) and position."""

    id: str
    name: str
    map: str | None
    x: int
    y: int
    type: str = field(default="", repr=False)
    state: str = field(default="", repr=False)

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "map": self.map, "x": self.x, "y": self.y}

    def at(self, map_: str | None, x: int, y: int) -> Piece:
        """The piece elsewhere (``dataclasses.replace`` of the place, without its generic cost:
        a long log moves pieces hundreds of thousands of times; made as a copy of its fields with
        the place changed, as a frozen dataclass's ``__init__`` sets each field one call at a time)."""
        moved = object.__new__(type(self))
        fields = moved.__dict__
        fields.update(self.__dict__)
        fields["map"], fields["x"], fields["y"] = map_, x, y
        return moved


@dataclass
class Container:
    """A Stack or a Deck: its pieces are where it is."""

    id: str
    kind: str  # "stack" or "deck"
    map: str | None
    x: int
    y: int
    children: list[str] = field(default_factory=list)


@dataclass
class Game:
    """Pieces on the table after the save's commands; ``moves`` lists each MovePiece applied,
    ``notes`` what was skipped and why."""

    pieces: dict[str, Piece] = field(default_factory=dict)
    boards: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    moves: list[dict] = field(default_factory=list)
    # turn trackers' states as logged: (moves before it, tracker id, state); see .turns
    turns: list[tuple[int, str, str]] = field(default_factory=list)
    containers: dict[str, Container] = field(default_factory=dict)
    parent: dict[str, str] = field(default_factory=dict)  # piece id -> its container's id
    notes: list[str] = field(default_factory=list)
    skipped: Counter = field(default_factory=Counter)  # command kinds not about pieces
    _order: dict[str, int] = field(default_factory=dict, repr=False)  # top-level items, by arrival
    _at: dict[tuple[str, int, int], set[str]] = field(default_factory=dict, repr=False)
    _where: dict[str, tuple[str, int, int]] = field(default_factory=dict, repr=False)
    lone_pieces_stack: bool = True  # VASSAL >= 3.6.0 puts a lone piece moved to a free spot in a stack
    _new_ids: int = field(default=0, repr=False)
    _seq: int = field(default=0, repr=False)

    # ------------------------------------------------------------------ commands
    def apply(self, cmd: str, where: str) -> None:
        """One leaf command; what cannot be applied is noted and skipped."""
        try:
            self._apply(cmd, where)
        except InputError as exc:  # a hostile piece (too deep, too long): skipped, said why
            self.note(where, f"{exc.message}; skipped")

    def _apply(self, cmd: str, where: str) -> None:
        if cmd.startswith("+/"):
            self._add(cmd, where)
        elif cmd.startswith("-/"):
            self._remove(cmd[2:])
        elif cmd.startswith("D/"):
            self._change(cmd, where)
        elif cmd.startswith("M/"):
            self._move(cmd, where)
        elif "BoardPicker\t" in cmd:
            self._boards(cmd, where)
        elif cmd.startswith("TURN"):
            tokens = split(cmd, "\t")  # TurnTracker.decode: TURN<id>, then the state
            self.turns.append(
                (len(self.moves), tokens[0][len("TURN") :], tokens[1] if len(tokens) > 1 else "")
            )
        elif cmd.startswith(NOT_PIECES):
            pass
        else:
            self.skipped[cmd.split("\t", 1)[0][:40]] += 1

    def note(self, where: str, text: str) -> None:
        self.notes.append(f"{where}: {text}")

    def _boards(self, cmd: str, where: str) -> None:
        """BoardPicker.decode: board (``name`` or ``name/rev``), column, row, repeated; a missing
        or malformed number reads as 0."""
        head, *rest = split(cmd, "\t")
        boards = []
        for k in range(0, len(rest), 3):
            col = java_int(rest[k + 1], 0) if k + 1 < len(rest) else 0
            row = java_int(rest[k + 2], 0) if k + 2 < len(rest) else 0
            boards.append((rest[k], col, row))
        self.boards[head[: -len("BoardPicker")]] = boards

    def _add(self, cmd: str, where: str) -> None:
        parts = split(cmd[2:], "/")
        if len(parts) < 3:
            self.note(where, "AddPiece needs +/id/type/state; skipped")
            return
        pid, type_, state = parts[0], parts[1], parts[2]
        if pid in self.pieces or pid in self.containers:
            self._remove(pid)
        elif type_ == "stack" and self._add_empty_stack(pid, state):
            return
        if type_.startswith("stack") or type_.startswith("deck;"):
            kind = "stack" if type_.startswith("stack") else "deck"
            self.containers[pid] = Container(pid, kind, None, 0, 0)
            self._set_container(pid, state, where)
            return
        basic = _basic(type_, state, where)
        if isinstance(basic, str):
            self.note(where, basic)
            return
        name, map_, x, y = basic
        self.pieces[pid] = Piece(pid, name, map_, x, y, type_, state)
        if map_ is not None:
            self._top(pid, map_, x, y)

    def _add_empty_stack(self, pid: str, state: str) -> bool:
        """A new stack that holds no piece, added as :meth:`_set_container` adds it, in one pass
        (C&C Napoleonics' saves hold 77,000 of them beside 320 pieces). False: it holds pieces."""
        tokens = split(state, ";")
        map_ = _map(tokens[0])
        pieces, boxes = self.pieces, self.containers
        for t in tokens[1:] if map_ is None else tokens[3:]:  # as _child_ids reads them
            if (t in pieces or t in boxes) and not t.startswith("@@"):
                return False
        if map_ is None:
            self.containers[pid] = Container(pid, "stack", None, 0, 0)
            return True
        x = java_int(tokens[1], 0) if len(tokens) > 1 else 0
        y = java_int(tokens[2], 0) if len(tokens) > 2 else 0
        self.containers[pid] = Container(pid, "stack", map_, x, y)
        self._top(pid, map_, x, y)
        return True

    def _remove(self, pid: str) -> None:
        if pid in self.containers:
            box = self.containers.pop(pid)
            self._untop(pid)
            for child in [c for c, p in self.parent.items() if p == pid]:
                del self.parent[child]
                self.pieces[child] = replace(self.pieces[child], map=None)
            del box
        elif pid in self.pieces:
            self._leave(pid)
            self._untop(pid)
            del self.pieces[pid]

    def _change(self, cmd: str, where: str) -> None:
        parts = split(cmd[2:], "/")
        if len(parts) < 2:
            self.note(where, "ChangePiece needs D/id/state; skipped")
            return
        pid, new = parts[0], parts[1]
        old = parts[2] if len(parts) > 2 else None
        if pid in self.containers:
            box = self.containers[pid]
            keep = []
            if old is not None:  # Stack.mergeState keeps pieces neither state lists
                listed = set(_child_ids(box.kind, new)) | set(_child_ids(box.kind, old))
                keep = [c for c in box.children if c not in listed]
            self._set_container(pid, new, where)
            for c in keep:
                if c in self.pieces and c not in self.parent:
                    self._join(c, pid)
            return
        piece = self.pieces.get(pid)
        if piece is None:
            return
        n = innermost(piece.type, where)[0]
        new_basic = _basic_state(new, n, where)
        if new_basic is None:
            self.note(where, f"ChangePiece of {pid!r} has fewer states than the piece has traits; skipped")
            return
        self.pieces[pid] = replace(piece, state=new)
        if old is not None and _basic_state(old, n, where) == new_basic:
            return  # mergeState: the BasicPiece's own state did not change
        map_, x, y = _place(new_basic)
        box_id = self.parent.get(pid)
        if box_id is not None:
            box = self.containers[box_id]
            if map_ is None or map_ == box.map:
                return  # VASSAL keeps it in its stack, at the stack's position
            self._leave(pid)
        self._set_place(pid, map_, x, y)

    def _move(self, cmd: str, where: str) -> None:
        parts = split(cmd[2:], "/")
        nums = [java_int(parts[k]) if k < len(parts) else None for k in (2, 3, 6, 7)]
        if len(parts) < 9 or None in nums:
            self.note(where, "MovePiece needs M/id/map/x/y/under/oldmap/oldx/oldy/oldunder; skipped")
            return
        pid, new_map, under = parts[0], _map(parts[1]), parts[4]
        x, y = nums[0], nums[1]
        piece = self.pieces.get(pid)
        frm = None
        if piece is not None:
            frm = (piece.map, piece.x, piece.y)
        elif pid in self.containers:
            box = self.containers[pid]
            frm = (box.map, box.x, box.y)
        move = {"id": pid, "name": piece.name if piece else None, "from": frm, "to": (new_map, x, y)}
        box = self.containers.get(pid)
        if box is not None and box.kind == "stack":
            move["members"] = list(box.children)  # the pieces that move with the stack
        self.moves.append(move)
        if frm is None:
            return
        if new_map is None:  # Map.removePiece: off the map's list, its own map left as it was
            self._untop(pid)
            return
        target = None
        if under != NO_MAP and self._place_of(under) == (new_map, x, y):
            target = under
        if target is None:
            target = self._found_at(new_map, x, y, pid)
        if target is not None:
            self._merge(target, pid)
            return
        if pid in self.containers:
            self._set_place(pid, new_map, x, y)
        elif pid in self.parent or not self.lone_pieces_stack:
            self._leave(pid)
            self._set_place(pid, new_map, x, y)
        else:  # a lone piece gets a stack of its own
            self._new_ids += 1
            box_id = f"(new stack {self._new_ids})"
            self.containers[box_id] = Container(box_id, "stack", None, 0, 0)
            self._set_place(box_id, new_map, x, y)
            self._untop(pid)
            self._join(pid, box_id)

    # ------------------------------------------------------------------ the table
    def _place_of(self, pid: str) -> tuple[str | None, int, int] | None:
        if pid in self.containers:
            box = self.containers[pid]
            return (box.map, box.x, box.y)
        if pid in self.pieces:
            p = self.pieces[pid]
            return (p.map, p.x, p.y)
        return None

    def _found_at(self, map_: str, x: int, y: int, moving: str) -> str | None:
        """What VASSAL's merge finder takes at exactly this point: the first top-level deck,
        stack with pieces, or lone piece, in the order they came onto the map."""
        here = [i for i in self._at.get((map_, x, y), ()) if i != moving and self._takes(i)]
        return min(here, key=self._order.__getitem__) if here else None

    def _takes(self, pid: str) -> bool:
        box = self.containers.get(pid)
        return box is None or box.kind == "deck" or bool(box.children)

    def _merge(self, fixed: str, moving: str) -> None:
        """StackMetrics.merge: ``moving`` (with a stack's pieces) joins ``fixed``'s container; a
        lone ``fixed`` piece gets a stack first."""
        box_id = fixed if fixed in self.containers else self.parent.get(fixed)
        if moving == box_id:
            return
        if box_id is None:
            self._new_ids += 1
            box_id = f"(new stack {self._new_ids})"
            p = self.pieces[fixed]
            self.containers[box_id] = Container(box_id, "stack", None, 0, 0)
            self._set_place(box_id, p.map, p.x, p.y)
            self._untop(fixed)
            self._join(fixed, box_id)
        if moving in self.containers:
            for child in list(self.containers[moving].children):
                self._join(child, box_id)
            return
        self._untop(moving)
        self._join(moving, box_id)

    def _set_container(self, pid: str, state: str, where: str) -> None:
        box = self.containers[pid]
        tokens = split(state, ";")
        map_ = _map(tokens[0])
        if box.kind == "deck" or map_ is not None:
            x = java_int(tokens[1], 0) if len(tokens) > 1 else 0
            y = java_int(tokens[2], 0) if len(tokens) > 2 else 0
        else:
            x = y = 0
        for child in list(box.children):
            if self.parent.get(child) == pid:
                del self.parent[child]
        box.children = []
        self._set_place(pid, map_, x, y)
        for child in _child_ids(box.kind, state):
            if child in self.containers:
                self.note(where, f"a stack cannot hold the stack {child!r}; skipped")
            elif child in self.pieces:
                self._untop(child)
                self._join(child, pid)

    def _set_place(self, pid: str, map_: str | None, x: int, y: int) -> None:
        """Put a top-level piece or a container (with its pieces) at a place."""
        if pid in self.containers:
            box = self.containers[pid]
            box.map, box.x, box.y = map_, x, y
            for child in box.children:
                self.pieces[child] = self.pieces[child].at(map_, x, y)
        else:
            self.pieces[pid] = self.pieces[pid].at(map_, x, y)
        if map_ is None:
            self._untop(pid)
        else:
            self._top(pid, map_, x, y)

    def _join(self, pid: str, box_id: str) -> None:
        self._leave(pid)
        box = self.containers[box_id]
        box.children.append(pid)
        self.parent[pid] = box_id
        self.pieces[pid] = self.pieces[pid].at(box.map, box.x, box.y)

    def _leave(self, pid: str) -> None:
        box_id = self.parent.pop(pid, None)
        if box_id is not None and box_id in self.containers:
            box = self.containers[box_id]
            if pid in box.children:
                box.children.remove(pid)
            if not box.children and box.kind == "stack":
                self._untop(box_id)  # an empty stack takes no merges; keeps the index small

    def _top(self, pid: str, map_: str, x: int, y: int) -> None:
        old = self._where.get(pid)
        if old is not None:
            self._at[old].discard(pid)
        if old is None or old[0] != map_:  # Map.addPiece appends only what is not on it yet
            self._seq += 1
            self._order[pid] = self._seq
        key = (map_, x, y)
        self._where[pid] = key
        here = self._at.get(key)
        if here is None:  # (setdefault would build a set for every call)
            self._at[key] = {pid}
        else:
            here.add(pid)

    def _untop(self, pid: str) -> None:
        old = self._where.pop(pid, None)
        if old is not None:
            self._at[old].discard(pid)
            self._order.pop(pid, None)


def _map(token: str) -> str | None:
    return None if token == NO_MAP else token


def _nth(items: list[str], k: int) -> str | None:
    return items[k] if 0 <= k < len(items) else None


def _place(basic_state: str) -> tuple[str | None, int, int]:
    """(map, x, y) of a BasicPiece state, read as ``BasicPiece.setState`` reads it."""
    tokens = split(basic_state, ";")
    x = java_int(tokens[1], 0) if len(tokens) > 1 else 0
    y = java_int(tokens[2], 0) if len(tokens) > 2 else 0
    return _map(tokens[0]), x, y


def _child_ids(kind: str, state: str) -> list[str]:
    tokens = split(state, ";")
    if kind == "deck":
        return split(tokens[4], ",") if len(tokens) > 4 and tokens[4] else []
    rest = tokens[1:] if _map(tokens[0]) is None else tokens[3:]
    return [t for t in rest if not t.startswith("@@")]


def _basic_state(state: str, depth: int, where: str) -> str | None:
    """The BasicPiece's state in a piece's state of ``depth`` traits (None: fewer states)."""
    state_depth, inner = innermost(state, where)
    return inner if state_depth == depth else _nth(unnest(state, where), depth - 1)


def _basic(type_: str, state: str, where: str) -> tuple[str, str | None, int, int] | str:
    """(name, map, x, y) of a piece from its type and state, or why it is skipped."""
    depth, inner = innermost(type_, where)
    tparts = split(inner, ";")
    if tparts[0] != "piece":
        return f"the innermost trait is {tparts[0][:40]!r}, not a BasicPiece; piece skipped"
    name = tparts[4] if len(tparts) > 4 else ""
    basic = _basic_state(state, depth, where)
    if basic is None:
        return "the piece has fewer states than traits; piece skipped"
    return (name, *_place(basic))
