"""The interactive loop: people play some seats, bots the others, chance a seeded generator.

The loop works for any game through the contract. What it shows a person comes only from
``state.view(seat)``: the position, the numbered legal actions, and each move as the view's
``log`` records it (a hidden draw reads ``draw ?``). Input and output are injected (a
``prompt`` callable and a rich ``Console``) so the loop runs the same under tests.

At the prompt, besides an action, a person may type ``?`` (the actions again), ``q`` (leave)
or ``info NAME``: the full printed text of a card, unit, power, talent, province... of the
game, from the game's renderer (:meth:`Renderer.info`); a renderer may add shortcut words
(Mythotopia's ``map``). None of these is a move.

With one person the moves are told from that person's view. With several (hot seat: one
keyboard passed around) the moves are told from the public view (``view(None)``) and, before
each person's decision, the loop asks for the keyboard to be passed ("pass to seat N"), clears
a real terminal, and draws the position from that person's view only.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.text import Text

from theomachy.agents.base import Agent
from theomachy.engine.actions import normalize
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, IllegalAction, State
from theomachy.engine.narration import Told, apply_and_tell
from theomachy.terminal.render import Renderer, View, renderer_for

Prompt = Callable[[str], str]
"""Reads one line from the person (``EOFError``/``KeyboardInterrupt`` end the session)."""

PROMPT = "your move> "
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
INFO_WORD = "info"
UNDO_WORDS = frozenset({"undo", "u"})


class Quit(Exception):
    """The person left the game (end of input, Ctrl-C or ``quit``)."""


def save_state(path: Path, state: State) -> None:
    """Write ``state.to_json()`` to ``path`` atomically: a crash never leaves half a file."""
    path = Path(path)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(state.to_json())
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


@dataclass
class Session:
    """People at some seats of one game, with bots and chance around them.

    ``people`` lists the seats people play (each other seat needs a bot in ``bots``); by
    default it is just ``seat``. ``seat`` is the home seat: the one shown when one person
    plays, watches a saved game, or leaves.
    """

    state: State
    seat: int
    bots: Mapping[int, Agent]
    rng: random.Random
    console: Console
    prompt: Prompt
    save: Path | None = None
    people: Collection[int] | None = None
    # A step with one possible move is played for the person (they are told what it was).
    auto_play: bool = True
    renderer: Renderer = field(init=False)
    humans: tuple[int, ...] = field(init=False)
    viewer: int | None = field(init=False)
    at_keyboard: int | None = field(init=False, default=None)
    recent: list[str] = field(init=False, default_factory=list)
    # The positions before the person's latest moves they may take back (``undo``): within
    # their turn, moves the game calls safe, with no chance event or other seat after them.
    takeback: list[State] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.renderer = renderer_for(self.state.game.id)
        self.humans = tuple(sorted({self.seat} if self.people is None else set(self.people)))
        # One person sees the moves from their seat; several (or none) from the public view.
        self.viewer = self.humans[0] if len(self.humans) == 1 else None

    @property
    def hot_seat(self) -> bool:
        """Do several people share the keyboard?"""
        return len(self.humans) > 1

    def view(self) -> View:
        """What everyone looking at the screen may see now (the one person's view, or the
        public one)."""
        return self.state.view(self.viewer)

    def name(self, view: View, seat: int) -> str:
        """A seat in words: "You" for the one person, else the renderer's name."""
        if seat == self.viewer:
            return "[bold]You[/]"
        return self.renderer.seat_name(view, seat)


def play_game(session: Session) -> bool:
    """Play until the game ends (True) or the person leaves (False, the game saved if asked)."""
    try:
        while not session.state.is_terminal():
            state = session.state  # an undo puts an earlier position here
            player = state.current_player
            if player == CHANCE:
                apply_and_announce(session, sample_outcome(state, session.rng))
            elif player in session.humans:
                person_turn(session, player)
            else:
                apply_and_announce(session, session.bots[player].act(state))
    except (Quit, KeyboardInterrupt):
        leave(session)
        return False
    show_result(session)
    return True


def apply_and_announce(session: Session, action: str) -> None:
    """Apply an action (``IllegalAction``, nothing changed, if it is not legal), save if
    asked, and tell the person what happened. Nothing before it can be taken back any more
    (the caller keeps what may be)."""
    state = session.state
    if state.is_terminal() or action not in state.legal_actions():
        # The game's own reason where it has one ("b2 is taken"), else the general one.
        reason = state.refusal(action, state.current_player if state.current_player >= 0 else None)
        raise IllegalAction(reason or f"{action!r} is not legal now")
    actor = state.current_player
    session.takeback = []
    told = apply_and_tell(state, action, session.viewer)
    if session.save is not None:
        save_state(session.save, state)
    announce(session, actor, told)


def announce(session: Session, actor: int, told: Told | None) -> None:
    """Print what the game's narrator told of the action just applied by ``actor``."""
    if told is None:
        return
    who = "[dim]chance[/]" if actor == CHANCE else session.name(session.view(), actor)
    line = f"  {who}: {escape(told.text)}"
    session.console.print(line, highlight=False)
    if session.hot_seat:
        session.recent.append(line)


def person_turn(session: Session, player: int | None = None) -> None:
    """Show the position from the deciding person's seat and the numbered legal actions; read
    lines until one is legal. In a hot-seat game the keyboard is passed first."""
    player = session.seat if player is None else player
    legal = session.state.legal_actions()
    if session.auto_play and len(legal) == 1:
        # Nothing to decide: no keyboard to pass, and the line below says it in the words
        # of whoever watches (a hidden move stays hidden).
        session.console.print("[dim]  (only one possible move: played for you)[/]")
        apply_and_announce(session, legal[0])
        return
    hand_over(session, player)
    session.recent = []
    view = session.state.view(player)
    legal = list(view["legal_actions"])
    show_position(session, view)
    show_choices(session, view, legal)
    while True:
        try:
            line = session.prompt(PROMPT)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        try:
            action = parse_choice(line, legal, session.renderer.shortcuts)
            if action in UNDO_WORDS and action not in legal:
                take_back(session)
                return
            state = session.state
            kept = session.takeback
            before = state.clone() if action in legal and state.undo_safe(action) else None
            apply_and_announce(session, action)
            if before is not None and state.current_player == player:
                session.takeback = [*kept, before]
            return
        except IllegalAction as error:
            session.console.print(Text(f"{error} (type a number; ? lists them)", style="red"))
        except HelpRequested:
            show_choices(session, view, legal)
        except InfoRequested as asked:
            show_info(session, view, asked.query)


def take_back(session: Session) -> None:
    """``undo``: the person's latest move of this turn is taken back (``IllegalAction`` when
    there is none the rules allow)."""
    if not session.takeback:
        raise IllegalAction(
            "nothing to take back: only your own moves of this turn can be, and not across a "
            "draw, a die roll, a revealed card or another player's move"
        )
    session.state = session.takeback.pop()
    if session.save is not None:
        save_state(session.save, session.state)
    session.console.print("[dim]  (your last move is taken back)[/]")


def hand_over(session: Session, player: int) -> None:
    """Hot seat: clear a real terminal (the last person's position goes), show what happened
    since (public), and wait until ``player`` has the keyboard."""
    if not session.hot_seat or session.at_keyboard == player:
        return
    console = session.console
    name = Text.from_markup(session.renderer.seat_name(session.view(), player)).plain
    if console.is_terminal and session.at_keyboard is not None:  # a private screen is up
        console.clear()
        for line in session.recent:
            console.print(line, highlight=False)
    console.print()
    console.rule(f"pass to seat {player}", style="bold yellow")
    try:
        session.prompt(f"{name}, press Enter when you have the keyboard> ")
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
    session.at_keyboard = player


class HelpRequested(Exception):
    """The person asked to see the actions again."""


class InfoRequested(Exception):
    """The person asked what something of the game says (``info NAME``)."""

    def __init__(self, query: str) -> None:
        super().__init__(query)
        self.query = query


def parse_choice(line: str, legal: list[str], shortcuts: Mapping[str, str] | None = None) -> str:
    """The action a typed line means: its number in ``legal``, or the (normalised) text.

    Raises ``IllegalAction`` for an empty line or a number out of range, ``Quit`` for a quit
    word, ``HelpRequested`` for a help word and ``InfoRequested`` for ``info NAME`` or one of
    the renderer's ``shortcuts`` (unless the line is itself a legal action).
    """
    text = normalize(line)
    if text in legal:
        return text
    if not text:
        raise IllegalAction("type the number of an action, or the action itself")
    if text in QUIT_WORDS:
        raise Quit
    if text in HELP_WORDS:
        raise HelpRequested
    word, _, rest = text.partition(" ")
    if word == INFO_WORD:
        raise InfoRequested(rest)
    if shortcuts and text in shortcuts:
        raise InfoRequested(shortcuts[text])
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return legal[number - 1]
        raise IllegalAction(f"there is no action {number}: choose from 1 to {len(legal)}")
    return text


def show_position(session: Session, view: View) -> None:
    """Draw the position from the person's seat."""
    session.console.print()
    session.console.print(session.renderer.position(view))


def show_choices(session: Session, view: View, legal: list[str]) -> None:
    """What to decide, and the legal actions numbered from 1."""
    instruction = session.renderer.instruction(view)
    if instruction:
        session.console.print(instruction, highlight=False)
    width = len(str(len(legal)))
    items = [Text.assemble((f"{i:>{width}}. ", "bold cyan"), a) for i, a in enumerate(legal, 1)]
    session.console.print(Columns(items, padding=(0, 3)))
    session.console.print(
        Text(
            f"Type a number or an action (e.g. '{legal[-1]}'); ? lists the actions again, "
            f"{session.renderer.info_hint}, "
            + ("undo takes your last move back, " if session.takeback else "")
            + "q leaves the game.",
            style="dim",
        ),
        highlight=False,
    )


def show_info(session: Session, view: View, query: str) -> None:
    """What ``info <query>`` tells: printed texts only, never where a card is."""
    session.console.print(session.renderer.info(session.state.game, query, view))


def leave(session: Session) -> None:
    """The person left: save if asked and say how to come back."""
    console = session.console
    console.print()
    if session.save is not None:
        save_state(session.save, session.state)
        path = session.save
        console.print(f"Game saved to {path}.", markup=False, highlight=False, soft_wrap=True)
        console.print(
            f"Resume with: theomachy play --replay {path} --save {path}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    else:
        console.print("Game left unfinished.")


def show_result(session: Session) -> None:
    """The final position, the game's scores, the winners and the returns."""
    view = session.view()
    show_position(session, view)
    console = session.console
    details = session.renderer.result(view)
    if details is not None:
        console.print(details)
    console.print(winners_line(session, view), highlight=False)
    console.print(f"Returns: {session.state.returns()}", markup=False, highlight=False)


def winners_line(session: Session, view: View) -> str:
    """Who won, in words, from the person's point of view."""
    winners = list(session.state.winners())
    you = session.viewer
    names = ["you" if w == you else session.renderer.seat_name(view, w) for w in winners]
    if not winners:
        return "The game is over: nobody wins."
    if len(winners) == 1:
        return "[bold green]You win![/]" if winners[0] == you else f"{names[0]} wins."
    return "Shared victory: " + " and ".join(names) + "."


def watch_game(session: Session, history: list[str]) -> None:
    """Step through ``history`` from a new game, showing each position from the seat.

    Chance outcomes are announced without a pause; after each decision the position is shown
    and the person presses Enter for the next one (q or end of input stops).
    """
    state = session.state
    show_position(session, session.view())
    for number, action in enumerate(history, 1):
        was_chance = state.current_player == CHANCE
        apply_and_announce(session, action)
        if was_chance and number < len(history):
            continue
        show_position(session, session.view())
        session.console.print(f"[dim]move {number} of {len(history)}[/]", highlight=False)
        if number < len(history) and not _next_step(session):
            return
    if state.is_terminal():
        show_result(session)


def _next_step(session: Session) -> bool:
    """Wait for Enter; False when the person stops watching."""
    try:
        line = session.prompt("Enter: next move, q: stop> ")
    except (EOFError, KeyboardInterrupt):
        return False
    return normalize(line) not in QUIT_WORDS
