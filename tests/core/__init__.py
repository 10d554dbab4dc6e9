"""The engine tests, a package: their conftest is imported as `core.conftest`, never as
`conftest`, the name under which the SSH tests import the helpers of
tests/ssh/conftest.py (tests/platform/test_suite_layout.py)."""
