"""The push broker follows the settings: pointed at Redis, it publishes there; back without
``REDIS_URL``, in-process again (as a deployment's settings or a test's override say)."""

from __future__ import annotations

from play.core import push


def test_the_broker_is_chosen_again_when_redis_url_changes(settings):
    settings.REDIS_URL = ""
    assert isinstance(push.broker(), push.LocalBroker)
    settings.REDIS_URL = "redis://127.0.0.1:9/0"  # nothing listens: never connected here
    broker = push.broker()
    assert isinstance(broker, push.RedisBroker) and broker.url == settings.REDIS_URL
    settings.REDIS_URL = ""
    assert isinstance(push.broker(), push.LocalBroker)
