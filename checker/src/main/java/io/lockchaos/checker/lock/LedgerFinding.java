package io.lockchaos.checker.lock;

import io.lockchaos.checker.Evidence;
import io.lockchaos.history.Process;

/**
 * What the {@code ledger} check finds in a final read: an anomaly of the protected data, or
 * (for {@link NoFinalRead}) the reason it cannot judge a key. Tokens are null when the
 * operation or entry carried none; a writer is null when neither the entry nor any append
 * names one.
 */
public sealed interface LedgerFinding extends Evidence {

    /** The storage key (the lock's name) whose ledger this is about. */
    String key();

    /**
     * An entry whose {@code prev} is not the entry before it: its writer read an older last
     * entry, so the entries in between were never seen and their update was lost.
     *
     * @param basedOn      the entry's {@code prev}, what its writer had read as last (null: empty)
     * @param basedOnFound whether {@code basedOn} is earlier in the ledger
     * @param unseen       the entry the writer did not see: the one right after {@code basedOn},
     *                     or the entry's predecessor when {@code basedOn} is not earlier
     * @param unseenCount  how many entries lie between {@code basedOn} and this entry
     */
    record LostUpdate(String key, String entry, Process writer, Long token, long appendedAt,
                      String basedOn, boolean basedOnFound, String unseen, Process unseenWriter,
                      Long unseenToken, int unseenCount) implements LedgerFinding {
        @Override
        public String explanation() {
            String who = "process " + writer + " appended " + entry + " to " + key + " ("
                    + Sentences.tokenText(token) + ", at " + Sentences.at(appendedAt) + ")";
            String other = unseen + " by process " + unseenWriter + " (" + Sentences.tokenText(unseenToken) + ")";
            if (basedOnFound) {
                return "Lost update: " + who + " having read " + basedOn + " as the last entry, so it never saw "
                        + other + (unseenCount > 1 ? " and " + (unseenCount - 1) + " more" : "")
                        + ", written after " + basedOn + "; the store accepted both.";
            }
            String read = basedOn == null ? "an empty ledger" : basedOn + ", which is not earlier in the ledger";
            return "Lost update: " + who + " having read " + read
                    + (unseen == null ? ", yet it is the first entry." : ", yet it follows " + other + ".");
        }
    }

    /** An append acknowledged {@code :ok} that the final read does not contain. */
    record MissingAppend(String key, String entry, Process writer, Long token, long completedAt)
            implements LedgerFinding {
        @Override
        public String explanation() {
            return "Process " + writer + " appended " + entry + " to " + key + " (" + Sentences.tokenText(token)
                    + ") and the store acknowledged it at " + Sentences.at(completedAt)
                    + ", but the final read of " + key + " does not contain it: an acknowledged write was lost.";
        }
    }

    /** An entry the final read contains more than once. */
    record DuplicateEntry(String key, String entry, Process writer, int times) implements LedgerFinding {
        @Override
        public String explanation() {
            return "Entry " + entry + " by process " + writer + " appears " + times
                    + " times in the final read of " + key + "; every append must be applied once.";
        }
    }

    /** An entry whose append completed {@code :fail}, which means it certainly did not happen. */
    record FailedAppendPresent(String key, String entry, Process writer, Long token, String error)
            implements LedgerFinding {
        @Override
        public String explanation() {
            return "Process " + writer + "'s append of " + entry + " to " + key + " (" + Sentences.tokenText(token)
                    + ") failed" + (error == null ? "" : " with " + error)
                    + ", yet the final read contains it: the store applied a write it reported as refused.";
        }
    }

    /** An entry that no append in the history wrote. */
    record UnknownEntry(String key, String entry, Process writer) implements LedgerFinding {
        @Override
        public String explanation() {
            return "The final read of " + key + " contains " + entry
                    + (writer == null ? "" : " (attributed to process " + writer + ")")
                    + ", which no append in the history wrote.";
        }
    }

    /** With fencing on, an entry whose token is below an earlier entry's. */
    record TokenDecrease(String key, String entry, Process writer, long token, String earlier,
                         Process earlierWriter, long earlierToken) implements LedgerFinding {
        @Override
        public String explanation() {
            return "In " + key + ", " + entry + " by process " + writer + " carries token " + token
                    + " but comes after " + earlier + " by process " + earlierWriter + " with token " + earlierToken
                    + ": the store accepted a write from an older lock holder.";
        }
    }

    /** A key with appends but no completed final read: its data cannot be judged. */
    record NoFinalRead(String key, int appends, String why) implements LedgerFinding {
        @Override
        public String explanation() {
            return "There is no completed final read of " + key + " (" + why + "), so whether its "
                    + appends + " acknowledged appends survived cannot be checked.";
        }
    }
}
