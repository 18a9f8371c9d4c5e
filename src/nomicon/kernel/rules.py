"""Rules: code with its text beside it.

A rule is a class. Its docstring is the rule's text as the players read it; its
class attributes declare its number, title, typed parameters, requirements, and the
attributes and currencies it introduces; its methods, marked with the decorators
below, are the actions it allows and the hooks by which it reacts to events.

    class Fives(Rule):
        '''When a player lands on a space divisible by 5, they gain 10 points.'''
        key = "fives"
        number = 8
        title = "Fives"

        class Params(RuleParams):
            points: int = 10

        @hook(LANDED)
        def on_landed(self, ctx: Ctx, data: Landed) -> None: ...

Hooks on a kind declared with its fields (``LANDED = EventKind("landed", Landed)``,
see :mod:`nomicon.kernel.eventkind`) are checked: by mypy through the annotation, and
when the class is made. ``@hook("landed")`` hooks a kind declared nowhere.

A game holds rule *instances*: the same class may be enacted with other numbers,
titles, texts or parameters by a proposal.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar, overload

from pydantic import BaseModel, ConfigDict

from nomicon.kernel.eventkind import EventKind, check_hook


class RuleParams(BaseModel):
    """Base of every rule's typed parameters (unknown names are refused)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True)
class Arg:
    """One argument of an action.

    ``choices`` names a method of the rule, ``(ctx, actor) -> list``, that lists the
    legal values when they are finite; bots and the web forms use it. ``explain``
    names a method ``(ctx, actor, value)`` that refuses a value outside the choices
    with the specific reason (the offer can no longer be carried out...).
    """

    name: str
    type: type = str
    doc: str = ""
    required: bool = True
    default: Any = None
    choices: str | None = None
    explain: str | None = None
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class Attribute:
    """An attribute that a rule gives to entities of a kind (``player``...).

    ``visibility`` is ``public``, ``owner`` (the entity's owner and the admin),
    ``admin``, ``role:<name>`` (whoever holds the role now, and the admin), or several
    of these joined with ``+`` (``"owner+role:referee"``).
    """

    name: str
    default: Any = None
    kind: str = "player"
    visibility: str = "public"
    doc: str = ""


@dataclass(frozen=True)
class Currency:
    """A money-like quantity held in accounts, or (``kind="good"``) counted things
    that are held and passed around: items, products, shares, tickets.

    ``minimum`` is the lowest balance the ledger allows (None: unbounded); a good's
    is 0. ``holders="player"`` opens every player's account with ``initial``; any
    other account (an entity, an escrow) may hold it too. A good with an
    ``inventory`` is shown in its holder's view with the other goods of that
    inventory, by name (``players.<name>.items``).
    """

    name: str
    initial: int = 0
    minimum: int | None = None
    holders: str = "player"
    doc: str = ""
    kind: str = "money"
    inventory: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in ("money", "good"):
            raise ValueError(f"currency {self.name!r}: kind is 'money' or 'good', "
                             f"not {self.kind!r}")
        if self.kind == "good":
            if self.minimum not in (None, 0):
                raise ValueError(f"good {self.name!r}: nobody holds fewer than 0, so its "
                                 f"minimum is 0, not {self.minimum}")
            # A frozen dataclass sets its own fields only through object.__setattr__.
            object.__setattr__(self, "minimum", 0)
        elif self.inventory is not None:
            raise ValueError(f"currency {self.name!r}: only goods are listed in an "
                             "inventory")


@dataclass
class ActionDecl:
    """An action a rule allows, declared with :func:`action`."""

    name: str
    run: Callable[..., Any]
    args: tuple[Arg, ...] = ()
    on_turn: bool = False
    admin: bool = False
    sealed: bool = False
    doc: str = ""
    applies_fn: Callable[..., bool] | None = None
    check_fn: Callable[..., None] | None = None
    choices_fns: dict[str, Callable[..., list[Any]]] = field(default_factory=dict)
    variants_fn: Callable[..., list[dict[str, list[Any] | None]]] | None = None
    drawn_fn: Callable[..., Iterator[dict[str, list[Any] | None]]] | None = None

    def applies(self, fn: Callable[..., bool]) -> Callable[..., bool]:
        """Mark the predicate that says this rule handles the action now.

        When several rules define the same action name, the first in precedence
        order whose predicate holds handles it (Jail's ``roll`` before Moving's).
        """
        self.applies_fn = fn
        return fn

    def check(self, fn: Callable[..., None]) -> Callable[..., None]:
        """Mark the precondition: it calls ``ctx.refuse`` when the action is not allowed."""
        self.check_fn = fn
        return fn

    def variants(self, fn: Callable[..., list[dict[str, list[Any] | None]]]
                 ) -> Callable[..., list[dict[str, list[Any] | None]]]:
        """Mark the method ``(ctx, actor)`` that lists the action's forms for
        ``legal_actions``, one entry each: a mapping from argument names to the
        choices of that argument in the form (None: the form has no such argument;
        an argument not named keeps its general description). An action whose
        arguments depend on one another (a unit's command and that command's
        targets) is offered this way; no form, no entry.
        """
        self.variants_fn = fn
        return fn

    def drawn(self, fn: Callable[..., Iterator[dict[str, list[Any] | None]]]
              ) -> Callable[..., Iterator[dict[str, list[Any] | None]]]:
        """Mark the method ``(ctx, actor, order)`` that yields the same forms as the
        ``variants`` method, worked out one at a time in the order ``order(n)`` gives
        (a permutation of ``range(n)``) over the ``n`` things they are made from, so
        that a random draw works out only as many forms as it needs.
        """
        self.drawn_fn = fn
        return fn


def action(
    name: str,
    *args: Arg,
    on_turn: bool = False,
    admin: bool = False,
    sealed: bool = False,
) -> Callable[[Callable[..., Any]], ActionDecl]:
    """Declare an action of a rule. ``on_turn``: only on the actor's own turn.
    ``sealed``: its arguments are seen only by the actor and the admin (a secret bid);
    others see that the action was taken."""

    def wrap(fn: Callable[..., Any]) -> ActionDecl:
        doc = inspect.getdoc(fn) or ""
        return ActionDecl(name=name, run=fn, args=args, on_turn=on_turn, admin=admin,
                          sealed=sealed, doc=doc)

    return wrap


Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
F = TypeVar("F", bound=Mapping[str, Any])
#: A hook on a declared kind: a rule's method ``(self, ctx, data)``.
HookMethod = Callable[[Any, Any, F], None]


@overload
def hook(event: EventKind[F], *, key: str | None = None,
         ) -> Callable[[HookMethod[F]], HookMethod[F]]: ...
@overload
def hook(event: str, *, key: str | None = None) -> Decorator: ...
def hook(event: str | EventKind[Any], *, key: str | None = None) -> Decorator:
    """React to an event kind (declared, or a name); ``key`` narrows it (e.g. a
    feature name). On a declared kind, the method's data is annotated with the kind's
    fields (``data: Landed``)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__dict__.setdefault("_nomicon_hooks", []).append((event, key))
        return fn

    return wrap


def veto(*actions: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A check run before the named actions (all actions when none are named).

    The method is ``(ctx, actor, spec, args)`` and refuses with ``ctx.refuse``.
    """

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__dict__["_nomicon_veto"] = frozenset(actions)
        return fn

    return wrap


def adjust(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A filter that may change a value the kernel is about to use (a transfer...)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__dict__["_nomicon_adjust"] = name
        return fn

    return wrap


#: Where a recurring schedule counts from: the game's start, or the rule's enactment.
ANCHORS = ("start", "enactment")


@dataclass(frozen=True)
class Every:
    """A recurring schedule a rule declares with :func:`every`: its phrase, or the name
    of the parameter that holds it, and where it counts from."""

    phrase: str | None = None
    param: str | None = None
    anchor: str = "start"


def every(phrase: str | None = None, *, param: str | None = None,
          anchor: str = "start") -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Run the method on a recurring schedule given in the rules' words.

    ``param`` instead of a phrase names the rule's parameter that holds the phrase
    ("Payday is every Friday", with the day a parameter): a proposal that amends the
    parameter re-plans the schedule, and a parameter left empty means no schedule.
    ``anchor`` is where counted schedules ("every third day", "every 6 hours") count
    from: ``"start"`` (the game's start) or ``"enactment"`` (the rule's enactment).
    """
    if (phrase is None) == (param is None):
        raise TypeError("@every takes a schedule phrase or param=, not both or neither")
    if anchor not in ANCHORS:
        raise TypeError(f"@every's anchor is one of {', '.join(ANCHORS)}, not {anchor!r}")
    spec = Every(phrase, param, anchor)

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        fn.__dict__["_nomicon_every"] = spec
        return fn

    return wrap


def _check_methods(cls: type, decl: ActionDecl) -> None:
    """The methods an action's arguments name (their choices, the explanation of a
    refused choice) must exist when the rule class is made: a misspelt name is a
    mistake in the rule, said at once rather than in a game."""
    for arg in decl.args:
        for role, name in (("choices", arg.choices), ("explain", arg.explain)):
            if name is not None and not callable(getattr(cls, name, None)):
                raise TypeError(f"{cls.__name__}: the {role} of argument {arg.name!r} of "
                                f"action {decl.name!r} name {name!r}, which is not a "
                                f"method of {cls.__name__}")


def _named(cls: type[Rule]) -> str:
    """A rule class as a mistake in it is reported: ``Fives (Rule 8, Fives)``."""
    return f"{cls.__name__} (Rule {cls.number}, {cls.title})" if cls.title else cls.__name__


class NoParams(RuleParams):
    """A rule without parameters."""


class Rule:
    """Base class of every rule."""

    key: ClassVar[str] = ""
    pack: ClassVar[str] = ""
    number: ClassVar[int] = 0
    title: ClassVar[str] = ""
    Params: ClassVar[type[RuleParams]] = NoParams
    requires: ClassVar[frozenset[str]] = frozenset()
    provides: ClassVar[frozenset[str]] = frozenset()
    precedence: ClassVar[int] = 0
    attributes: ClassVar[tuple[Attribute, ...]] = ()
    currencies: ClassVar[tuple[Currency, ...]] = ()
    #: The roles the rule gives players (``referee``), which the admin may grant and
    #: revoke too; a role an attribute's visibility names is declared by that alone.
    roles: ClassVar[tuple[str, ...]] = ()
    contributes: ClassVar[dict[str, Any]] = {}
    protected: ClassVar[bool] = False

    # Filled in by __init_subclass__ from the decorated methods.
    _actions: ClassVar[tuple[ActionDecl, ...]] = ()
    _hooks: ClassVar[tuple[tuple[str, str | None, str], ...]] = ()
    _vetoes: ClassVar[tuple[tuple[frozenset[str], str], ...]] = ()
    _adjusters: ClassVar[tuple[tuple[str, str], ...]] = ()
    _schedules: ClassVar[tuple[tuple[Every, str], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        actions: list[ActionDecl] = []
        hooks: list[tuple[str, str | None, str]] = []
        vetoes: list[tuple[frozenset[str], str]] = []
        adjusters: list[tuple[str, str]] = []
        schedules: list[tuple[Every, str]] = []
        for klass in reversed(cls.__mro__):
            for attr, value in vars(klass).items():
                if isinstance(value, ActionDecl):
                    actions = [a for a in actions if a.name != value.name or a is value]
                    if value not in actions:
                        actions.append(value)
                    continue
                if not callable(value):
                    continue
                for event, hkey in getattr(value, "_nomicon_hooks", ()):
                    if isinstance(event, EventKind):
                        # Checked where the method is defined, not again in each subclass.
                        if klass is cls or not issubclass(klass, Rule):
                            check_hook(_named(cls), value, event)
                        event = event.name
                    hooks.append((event, hkey, attr))
                if "_nomicon_veto" in getattr(value, "__dict__", {}):
                    vetoes.append((value._nomicon_veto, attr))
                if "_nomicon_adjust" in getattr(value, "__dict__", {}):
                    adjusters.append((value._nomicon_adjust, attr))
                if "_nomicon_every" in getattr(value, "__dict__", {}):
                    schedules.append((value._nomicon_every, attr))
        for decl in actions:
            _check_methods(cls, decl)
        for spec, attr in schedules:
            if spec.param is not None and spec.param not in cls.Params.model_fields:
                raise TypeError(f"{cls.__name__}.{attr}: @every(param={spec.param!r}) names "
                                f"no parameter of {cls.__name__}")
        cls._actions = tuple(actions)
        cls._hooks = tuple(dict.fromkeys(hooks))
        cls._vetoes = tuple(dict.fromkeys(vetoes))
        cls._adjusters = tuple(dict.fromkeys(adjusters))
        cls._schedules = tuple(dict.fromkeys(schedules))

    def __init__(
        self,
        rid: str,
        number: int,
        title: str,
        text: str,
        params: RuleParams,
        interpretations: Sequence[str] = (),
    ) -> None:
        self.rid = rid
        self.number = number  # type: ignore[misc]
        self.title = title  # type: ignore[misc]
        self.text = text
        self.params = params
        self.interpretations = tuple(interpretations)

    @classmethod
    def class_id(cls) -> str:
        return f"{cls.pack}/{cls.key}"

    @classmethod
    def default_text(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def parse_params(cls, raw: dict[str, Any] | None) -> RuleParams:
        return cls.Params.model_validate(raw or {})

    @property
    def label(self) -> str:
        """How refusals cite the rule: ``Rule 2, Turn order``."""
        return f"Rule {self.number}, {self.title}"

    # ``ctx`` is the game's Ctx (a rule's own methods say ``ctx: Ctx``). It is typed Any
    # here because the Ctx runs rules: this module stays below it, without an import
    # circle, and a rule may still narrow the parameter to Ctx when it overrides these.
    def on_enact(self, ctx: Any) -> None:
        """One-off changes when the rule is enacted (place features, set values)."""

    def on_repeal(self, ctx: Any) -> None:
        """One-off changes when the rule is repealed (remove what it placed)."""

    def on_amend(self, ctx: Any, old: Rule) -> None:
        """One-off changes when the rule's parameters change."""

    def redact(self, view: dict[str, Any], viewer: str) -> None:
        """Adjust a viewer's view of the state (hide what this rule keeps secret)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.label}>"
