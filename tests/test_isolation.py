"""The suite never reads or writes the files of the user who runs it."""

from pathlib import Path

from ginrummy_tui.storage.config import config_dir
from ginrummy_tui.storage.files import data_dir


def test_the_settings_and_the_history_of_the_user_running_the_tests_are_out_of_reach():
    home = Path.home().resolve()
    for where in (config_dir(), data_dir()):
        assert home not in where.resolve().parents, where
        assert "gin-tui-tests-" in str(where)


def test_each_test_has_settings_and_data_directories_of_its_own(tmp_path_factory):
    """They were the test process's: settings saved in the default place by one
    test changed what the settings screen showed in the next."""
    base = tmp_path_factory.getbasetemp()
    for where in (config_dir(), data_dir()):
        assert base in where.parents and not where.exists(), where
