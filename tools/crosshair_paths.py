"""Run ``crosshair`` with a budget of work: a fixed number of paths per condition.

CrossHair's own budgets (``--per_condition_timeout``, ``--per_path_timeout``) are CPU
seconds, so the same run explores more paths on a fast machine than on a slow one and
its verdict depends on the machine. CrossHair also counts paths (its ``max_iterations``
option), but its command line does not offer that option; this wrapper sets it, and
turns every time limit inside CrossHair off:

* ``max_iterations``: the paths explored per condition (the budget);
* no CPU limit per condition or per path, no early stop after uninteresting
  iterations, no wall-clock limit on the SMT solver; the solver's work per query is
  bounded by z3's ``rlimit`` (``CROSSHAIR_SMT_RLIMIT``), a count of solver steps
  that stops at the same point on any machine;
* ``PYTHONHASHSEED`` fixed by the caller, so that set and dict orders do not vary.

CrossHair's path choices are seeded, so the same paths are explored everywhere. A run
too slow for its caller is stopped from outside (``tools.crosshair_check`` gives each
CrossHair process a generous wall-clock ceiling and reports "too slow"), never cut
short into a weaker verdict.

Usage::

    python -m tools.crosshair_paths PATHS check --report_all TARGET ...
    python -m tools.crosshair_paths PATHS diffbehavior FUNCTION1 FUNCTION2
"""

from __future__ import annotations

import sys
from collections.abc import Mapping

SMT_RLIMIT = 20_000_000
"""z3's work budget per solver query (its ``rlimit`` units), set in the environment of
the CrossHair processes: generous for the engine's queries, and the same everywhere."""


def main(argv: list[str]) -> None:
    """Run CrossHair's command line ``argv[1:]`` with ``argv[0]`` paths per condition."""
    import crosshair.main as crosshair_main
    from crosshair.options import AnalysisOptionSet, option_set_from_dict

    paths = int(argv[0])
    read_options = option_set_from_dict

    def with_path_budget(source: Mapping[str, object]) -> AnalysisOptionSet:
        options = read_options(source)
        options.max_iterations = paths
        options.per_condition_timeout = float("inf")
        options.per_path_timeout = float("inf")
        options.max_uninteresting_iterations = 0  # 0: never stop for lack of progress
        return options

    # CrossHair reads its options through this one function of its main module.
    crosshair_main.option_set_from_dict = with_path_budget  # type: ignore[attr-defined]
    crosshair_main.main(argv[1:])


if __name__ == "__main__":
    main(sys.argv[1:])
