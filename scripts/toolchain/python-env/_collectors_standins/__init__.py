"""Stand-ins for what Debian 12's packages lack and the Pulumi Python SDK (or an SDK generated for
Python) imports; installed by `npm run python-env` into one virtual environment only, through a
.pth file that imports this package at start-up. Never part of a wheel we ship.

- `opentelemetry` (modules/opentelemetry): the Pulumi SDK imports it on every run since 3.225,
  and traces only when the engine sets TRACEPARENT. Here it never traces.
- `parver` (modules/parver.py): a generated SDK's _utilities.py reads its own version with it.
- semver 3's `Version`: the Pulumi SDK imports it since 3.192; Debian's semver 2.10 calls the
  same class `VersionInfo` (semver 3 keeps that name as an alias of `Version`).

None of them is ever loaded where the real package is importable: the stand-in modules are found
by a finder placed after Python's own (a real package anywhere on sys.path wins), and semver
gets `Version` only when, once imported, it has none.
"""

import importlib.abc
import importlib.machinery
import os
import sys

_MODULES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "modules")
_STANDS_IN_FOR = ("opentelemetry", "parver")


class _LastResortFinder(importlib.abc.MetaPathFinder):
    """Finds a stand-in's top-level module, asked only after every other finder found nothing."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _STANDS_IN_FOR:
            return None  # submodules follow their package's __path__, inside _MODULES
        return importlib.machinery.PathFinder.find_spec(fullname, [_MODULES])


class _SemverVersionFinder(importlib.abc.MetaPathFinder):
    """Loads semver as Python would, then gives it `Version` if it has none (semver 2)."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "semver":
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        original = loader.exec_module

        def exec_module(module):
            original(module)
            if not hasattr(module, "Version") and hasattr(module, "VersionInfo"):
                module.Version = module.VersionInfo

        loader.exec_module = exec_module
        return spec


def _install():
    # By name: a reload of this module makes new classes, and must not add the finders twice.
    if not any(type(f).__name__ == "_LastResortFinder" for f in sys.meta_path):
        sys.meta_path.insert(0, _SemverVersionFinder())
        sys.meta_path.append(_LastResortFinder())


_install()
