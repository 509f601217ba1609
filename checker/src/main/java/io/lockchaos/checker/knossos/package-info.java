/**
 * An optional bridge to Knossos, Jepsen's linearizability checker, so a user can cross-check
 * a verdict of lockchaos's own search with the reference implementation.
 *
 * <p>Knossos is published on Clojars only. It is not a dependency of the default build; the
 * Maven profile {@code knossos} adds it ({@code mvn -Pknossos package} on a machine that
 * reaches Clojars). At run time the bridge looks for {@code knossos/competition.clj} on the
 * classpath; when it is there, the history is handed to {@code knossos.competition/analysis}
 * through {@code clojure.java.api.Clojure}, and when it is not, the result is unknown with a
 * message that says how to enable it.
 *
 * <p>Two things the bridge does so Knossos reads our histories as we do: every
 * indeterminate completion is given its invocation's value (Knossos's WGL search fails on an
 * {@code :info} completion whose value differs, such as {@code :timed-out}), and only client
 * processes' operations are passed (nemesis and final-read events are not part of the
 * register). Knossos drops {@code :fail} operations, as our {@code cas-register} does;
 * {@code cas-register-strict}, which counts a failed cas as a compare that did not match,
 * has no Knossos equivalent. Knossos's own models start where their constructor says
 * ({@code (cas-register)} at {@code nil}), as ours do without {@code --initial}.
 */
package io.lockchaos.checker.knossos;
