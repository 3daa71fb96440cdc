"""How the test helpers Marquee's tests start end: with SIGTERM, or with the test process that started them."""
import os
import signal
import time


def live_until_parent_ends():
    """Blocks until the process that started this one ends, then ends this one; SIGTERM ends it at once."""
    # The test process may have started us with signals blocked; make SIGTERM end us, and end with our parent.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)
