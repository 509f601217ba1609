package io.lockchaos.junit.contract;

import java.util.List;

/**
 * The contract for every built-in lock client ({@link LockSubjects}), as a user runs it for a
 * client of their own: a subclass of {@link LockClientContract} naming its subjects.
 */
class LockClientContractIT extends LockClientContract {

    @Override
    protected List<LockSubject> subjects() {
        return LockSubjects.picked();
    }
}
