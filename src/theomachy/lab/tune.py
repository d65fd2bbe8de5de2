"""``theomachy lab tune``: search a game's declared tunables for the smallest change that
brings its balance to target, then re-measure the result honestly.

The search uses Optuna's TPE sampler. Why Optuna: it handles integer parameters natively,
keeps every trial in an SQLite file (so a run resumes where it stopped and the history can be
read back), lets us put the shipped values in as the first trial, and is widely kept; its
sampler is seeded per trial from the run's seed, so a resumed run proposes exactly what an
uninterrupted one would have.

Every trial plays the same seeded games (common random numbers: two candidates differ by
their content, not their luck) with the run's agents (the ``hard`` level by default) and
scores them with the objective (``lab.objective``). Trial 0 is the shipped content; with
``--start``, trial 1 is a designer's guess (or an earlier run's ``tuned.json``). The best
candidate is then re-measured, beside the shipped content, on fresh seeds no trial saw, with
the run's agents and with random play, and the report gives 95% intervals corrected for the
number of comparisons (Bonferroni).

Layout of ``--out``: ``tune.json`` (the settings), ``optuna.db`` (the study),
``trials/NNNN/`` (each trial's games, a lab run folder; ``trials/NNNN/pN/`` for each count
when several player counts are tuned together), ``validate/`` (the re-measurement),
``tuned.json`` (the chosen values) and the report (``tune.md``, ``tune.html``, PNG plots).
"""

from __future__ import annotations

import fnmatch
import json
import logging
import shutil
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from theomachy.engine import overlay
from theomachy.engine.registry import game_class, load
from theomachy.engine.simulate import derive_seed
from theomachy.lab import objective as objectives
from theomachy.lab.runner import LabConfig, checked_specs, run
from theomachy.lab.store import exclusive, read_games

STUDY = "tune"
log = logging.getLogger("theomachy.lab")


class TuneConfig(BaseModel):
    """One tuning run."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    # Several player counts (``--players 2,4``) are tuned together: every trial plays each
    # count from the same run seed and the loss is the mean of their losses (``measure``).
    players: list[int] | None = Field(default=None, min_length=1, max_length=4)
    agents: list[str] = Field(default_factory=lambda: ["hard"], min_length=1)
    objective: str = objectives.DEFAULT
    parameters: list[str] = Field(default_factory=lambda: ["*"], min_length=1, max_length=200)
    trials: int = Field(default=40, ge=1, le=10_000)
    games: int = Field(default=200, ge=2, le=1_000_000)
    validate_games: int = Field(default=400, ge=2, le=1_000_000)
    random_check: bool = True
    band: tuple[float, float] | None = None
    seed: int = 0
    jobs: int = Field(default=1, ge=1, le=256)
    backend: Literal["local", "ray"] = "local"
    address: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    start: dict[str, int] = Field(default_factory=dict, max_length=200)
    out: Path

    @field_validator("players", mode="before")
    @classmethod
    def _players(cls, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return [value]
        return value

    @field_validator("players")
    @classmethod
    def _counts(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and len(set(value)) != len(value):
            raise ValueError("a player count is listed twice")
        return value

    @field_validator("agents")
    @classmethod
    def _agents(cls, value: list[str]) -> list[str]:
        return checked_specs(value)

    @field_validator("band")
    @classmethod
    def _band(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and not 0 <= value[0] < value[1] <= 1:
            raise ValueError("the band is LOW,HIGH with 0 <= LOW < HIGH <= 1")
        return value

    def lab(
        self,
        name: str,
        agents: list[str],
        games: int,
        seed: int,
        content: dict[str, int],
        players: int,
    ) -> LabConfig:
        """The lab run of one measurement in this tuning run, at ``players``."""
        return LabConfig(
            game=self.game,
            players=players,
            agents=agents,
            games=games,
            seed=seed,
            jobs=self.jobs,
            backend=self.backend,
            address=self.address,
            options=self.options,
            content=content,
            rotate=overlay.declarations(self.game).rotation is not None,
            out=self.out / name,
        )


class Plan(BaseModel):
    """What a checked config tunes: the parsed objective, the tunables searched and their
    shipped values, the faction feature and the game's endings."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    config: TuneConfig
    objective: objectives.Objective
    tunables: dict[str, overlay.Tunable]
    shipped: dict[str, int]
    faction: str | None
    endings: tuple[str, ...]
    counts: tuple[int, ...]

    def changes(self, values: dict[str, int]) -> dict[str, tuple[int, int]]:
        """The tunables ``values`` changes: name -> (shipped, new)."""
        return {n: (self.shipped[n], v) for n, v in values.items() if v != self.shipped[n]}

    @property
    def players(self) -> int:
        """The first player count tuned (the only one in most runs)."""
        return self.counts[0]

    @property
    def band(self) -> tuple[float, float]:
        """The target band of a win rate at the first player count."""
        return self.band_at(self.players)

    def band_at(self, players: int) -> tuple[float, float]:
        """The target band of a win rate at ``players`` (default: the fair share +- 5
        points). A ``--band`` is given at the first count and read at the others as the same
        share of the fair share: 40-60% at two players is 20-30% at four (MW-TUNE-3)."""
        if self.config.band is not None:
            scale = self.players / players
            low, high = self.config.band
            return (low * scale, min(1.0, high * scale))
        fair = 1 / players
        return (max(0.0, fair - 0.05), min(1.0, fair + 0.05))

    def folder(self, name: str, players: int) -> str:
        """Where a measurement at ``players`` is stored: ``name`` itself when one count is
        tuned, else ``name/pN``."""
        return name if len(self.counts) == 1 else f"{name}/p{players}"


def plan(config: TuneConfig) -> Plan:
    """Check ``config`` against the game; ``ValueError`` naming the problem."""
    goal = objectives.parse(config.objective)
    counts: list[int | None] = list(config.players) if config.players else [None]
    games = [load(config.game, players=n, options=config.options) for n in counts]
    game = games[0]
    declared = overlay.declarations(config.game)
    if not declared.tunables:
        raise ValueError(f"{config.game} declares no tunables (content/tunables.toml)")
    chosen = {
        t.name: t
        for t in declared.tunables
        if any(fnmatch.fnmatchcase(t.name, pattern) for pattern in config.parameters)
    }
    if not chosen:
        raise ValueError(
            f"--parameters {','.join(config.parameters)} matches no tunable of {config.game}"
        )
    endings = tuple(game_class(config.game).endings)
    objectives.check_endings(goal, endings)
    if goal.most:
        objectives.check_features(goal, set(game.new_game().features()))
    if goal.factions and declared.faction is None:
        raise ValueError(
            f"{config.game} names no faction feature: drop 'factions' from --objective"
        )
    overlay.checked(config.game, config.start)
    outside = sorted(set(config.start) - set(chosen))
    if outside:
        raise ValueError(f"--start sets {', '.join(outside)}, which --parameters does not search")
    shipped = overlay.defaults(config.game)
    return Plan(
        config=config,
        objective=goal,
        tunables=chosen,
        shipped={name: shipped[name] for name in chosen},
        faction=declared.faction,
        endings=endings,
        counts=tuple(g.players for g in games),
    )


def _settings(config: TuneConfig) -> dict[str, Any]:
    """What a resumed run must share with the run it continues (trials and the
    re-measurement's size may grow)."""
    return config.model_dump(
        mode="json",
        exclude={
            "jobs",
            "backend",
            "address",
            "out",
            "trials",
            "validate_games",
            "random_check",
            "band",
        },
    )


def _remember(config: TuneConfig) -> None:
    path = config.out / "tune.json"
    settings = _settings(config)
    if path.exists():
        previous = json.loads(path.read_text(encoding="utf-8"))
        if previous != settings:
            raise ValueError(
                f"{config.out} holds a tuning run with other settings; use another --out "
                f"folder (it has {json.dumps(previous, sort_keys=True)[:300]})"
            )
    else:
        path.write_text(json.dumps(settings, indent=1, sort_keys=True) + "\n", encoding="utf-8")


class Trial(BaseModel):
    """One measured candidate."""

    number: int
    values: dict[str, int]
    loss: dict[str, float]


def _forget_other_content(lab: LabConfig) -> None:
    """Remove a measurement folder that holds games of other content: an interrupted trial
    the study lost, or the re-measurement of a candidate that a longer search replaced."""
    path = Path(lab.out) / "run.json"
    if path.exists():
        stored = json.loads(path.read_text(encoding="utf-8"))
        if stored.get("content", {}) != lab.content:
            shutil.rmtree(lab.out)


def measure(
    the_plan: Plan, name: str, values: dict[str, int], on_game: Callable[[], None] | None = None
) -> dict[str, float]:
    """Play a trial's games at each player count (resuming any already stored) and score
    them: with several counts, each count's terms are kept as ``pN TERM`` and the loss is
    their mean plus the edit penalties, counted once."""
    config = the_plan.config
    changes = the_plan.changes(values)
    scored: dict[int, dict[str, float]] = {}
    for players in the_plan.counts:
        lab = config.lab(
            the_plan.folder(name, players),
            config.agents,
            config.games,
            derive_seed(config.seed, "tune"),
            {n: new for n, (_, new) in changes.items()},
            players,
        )
        _forget_other_content(lab)
        run(lab, on_game=(lambda _row: on_game()) if on_game else None)
        scored[players] = objectives.balance(
            read_games(lab.out), the_plan.objective, the_plan.faction, the_plan.players
        )
    return objectives.combined(
        scored, objectives.penalties(the_plan.objective, changes, the_plan.tunables)
    )


def _study(the_plan: Plan) -> Any:
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage = f"sqlite:///{(the_plan.config.out / 'optuna.db').resolve()}"
    return optuna.create_study(
        study_name=STUDY, storage=storage, direction="minimize", load_if_exists=True
    )


def _distributions(the_plan: Plan) -> dict[str, Any]:
    from optuna.distributions import IntDistribution

    return {n: IntDistribution(t.low, t.high) for n, t in the_plan.tunables.items()}


def _sampler(the_plan: Plan, number: int) -> Any:
    """Trial ``number``'s sampler, seeded by the run seed and the number alone, so that a
    resumed run proposes what an uninterrupted one would."""
    from optuna.samplers import TPESampler

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return TPESampler(
            seed=derive_seed(the_plan.config.seed, "tpe", number) % 2**32,
            n_startup_trials=max(4, min(10, the_plan.config.trials // 4)),
        )


def trials(study: Any) -> list[Trial]:
    """The finished trials, in order."""
    from optuna.trial import TrialState

    done = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.COMPLETE]
    return [
        Trial(number=k, values=dict(t.params), loss=dict(t.user_attrs["loss"]))
        for k, t in enumerate(sorted(done, key=lambda t: t.number))
    ]


def search(
    the_plan: Plan,
    on_trial: Callable[[Trial], None] | None = None,
    on_game: Callable[[], None] | None = None,
) -> list[Trial]:
    """Run the trials not yet done (trial 0: the shipped values); returns them all."""
    import optuna
    from optuna.trial import TrialState

    config = the_plan.config
    study = _study(the_plan)
    for leftover in study.get_trials(deepcopy=False, states=(TrialState.RUNNING,)):
        study.tell(leftover.number, state=TrialState.FAIL)  # an interrupted run's trial
    distributions = _distributions(the_plan)
    done = trials(study)
    while len(done) < config.trials:
        number = len(done)
        if number == 0 or (number == 1 and config.start):
            # Trial 0 is the shipped content; trial 1 a designer's starting guess (--start),
            # so that the search knows it from the beginning.
            values = dict(the_plan.shipped)
            if number == 1:
                values.update(config.start)
            loss = measure(the_plan, f"trials/{number:04d}", values, on_game)
            study.add_trial(
                optuna.trial.create_trial(
                    params=values,
                    distributions=distributions,
                    value=loss["total"],
                    user_attrs={"loss": loss},
                )
            )
        else:
            study.sampler = _sampler(the_plan, number)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                trial = study.ask(distributions)
            values = {n: int(v) for n, v in trial.params.items()}
            loss = measure(the_plan, f"trials/{number:04d}", values, on_game)
            trial.set_user_attr("loss", loss)
            study.tell(trial, loss["total"])
        done = trials(study)
        if on_trial is not None:
            on_trial(done[-1])
    return done


def best(found: list[Trial]) -> Trial:
    """The trial with the lowest loss (the earliest among equals: the shipped values win a
    tie)."""
    return min(found, key=lambda t: (t.loss["total"], t.number))


def validate(
    the_plan: Plan, chosen: Trial, on_game: Callable[[], None] | None = None
) -> dict[str, str]:
    """Re-measure the shipped content and the chosen candidate on fresh seeds, with the
    run's agents and (``random_check``) random play, at each player count; returns label
    (``before-agents``, or ``before-agents/p4`` with several counts) -> folder name."""
    config = the_plan.config
    seed = derive_seed(config.seed, "validate")
    changed = {n: new for n, (_, new) in the_plan.changes(chosen.values).items()}
    plays = [("agents", config.agents)]
    if config.random_check and config.agents != ["random"]:
        plays.append(("random", ["random"]))
    folders: dict[str, str] = {}
    # When no candidate beat the shipped content, "after" is the same games: played once.
    sides = (("before", {}), ("after", changed)) if changed else (("before", {}),)
    for players in the_plan.counts:
        for side, content in sides:
            for label, agents in plays:
                name = the_plan.folder(f"validate/{side}-{label}", players)
                lab = config.lab(name, agents, config.validate_games, seed, content, players)
                _forget_other_content(lab)
                run(lab, on_game=(lambda _row: on_game()) if on_game else None)
                folders[the_plan.folder(f"{side}-{label}", players)] = name
                if not changed:
                    folders[the_plan.folder(f"after-{label}", players)] = name
    (config.out / "tuned.json").write_text(
        json.dumps({"game": config.game, "values": changed}, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    return folders


def tune(
    config: TuneConfig,
    on_trial: Callable[[Trial], None] | None = None,
    on_game: Callable[[], None] | None = None,
) -> Path:
    """The whole run: search, re-measure, report; returns the report's path."""
    from theomachy.lab.tune_report import write_report

    the_plan = plan(config)
    config.out.mkdir(parents=True, exist_ok=True)
    with exclusive(config.out / ".tune"):
        _remember(config)
        found = search(the_plan, on_trial, on_game)
        chosen = best(found)
        folders = validate(the_plan, chosen, on_game)
        return write_report(the_plan, found, chosen, folders)
