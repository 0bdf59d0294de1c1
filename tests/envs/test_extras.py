"""Each research adapter needs its extra; without it, an ImportError names the extra."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

BLOCK = """
import importlib.abc, sys

class Missing(importlib.abc.MetaPathFinder):
    # Stands for a machine where these packages are not installed.
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, Missing())
"""


def run(code: str, blocked: set[str]) -> subprocess.CompletedProcess[str]:
    script = BLOCK.format(blocked=blocked) + textwrap.dedent(code)
    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, timeout=120
    )


@pytest.mark.parametrize(
    ("module", "framework", "extra"),
    [
        ("skipbo.envs.gymnasium", "gymnasium", "gymnasium"),
        ("skipbo.envs.pettingzoo", "pettingzoo", "pettingzoo"),
        ("skipbo.envs.openspiel", "pyspiel", "openspiel"),
        ("skipbo.envs.dask", "distributed", "dask"),
    ],
)
def test_an_adapter_without_its_framework_names_its_extra(
    module: str, framework: str, extra: str
) -> None:
    result = run(
        f"""
        try:
            import {module}
        except ImportError as error:
            print(error)
        else:
            print("imported")
        """,
        {framework},
    )
    assert result.returncode == 0, result.stderr
    assert f"pip install 'skipbo[{extra}]'" in result.stdout


def test_the_core_and_the_observations_need_no_framework() -> None:
    """skipbo, skipbo.envs and the tuple observation import and run without NumPy or any
    framework; only the NumPy array asks for NumPy."""
    result = run(
        """
        import skipbo
        from skipbo.envs import observation, observation_array
        seen = skipbo.view(skipbo.new_game(skipbo.Rules(), seed=1), 0)
        print(len(observation(seen)))
        try:
            observation_array(seen)
        except ImportError as error:
            print(error)
        print(sorted(name for name in sys.modules if name.split(".")[0] in
                     {"numpy", "gymnasium", "pettingzoo", "pyspiel", "dask", "distributed"}))
        """,
        {"numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "dask", "distributed"},
    )
    assert result.returncode == 0, result.stderr
    length, message, loaded = result.stdout.splitlines()
    assert int(length) > 0
    assert "pip install 'skipbo[numpy]'" in message
    assert loaded == "[]"


def test_the_adapters_do_not_shadow_their_frameworks() -> None:
    result = run(
        """
        import skipbo.envs.gymnasium, skipbo.envs.pettingzoo, skipbo.envs.openspiel
        import skipbo.envs.dask
        import gymnasium, pettingzoo, pyspiel, distributed
        for module in (gymnasium, pettingzoo, pyspiel, distributed):
            print(module.__name__, "skipbo" in module.__file__.split("site-packages")[-1])
        """,
        set(),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "gymnasium", "False", "pettingzoo", "False", "pyspiel", "False", "distributed", "False"
    ]  # fmt: skip
