/**
 * Reading any history file: {@link io.lockchaos.checker.history.format.HistoryFormats#read(java.nio.file.Path)}
 * tells the format by the first non-blank line, else by the file name, and reads EDN (a
 * streaming pass over an ASCII file's bytes, else over its characters, with Clojure's own EDN
 * reader as the reference for anything they do not read exactly), JSON lines or a Jepsen log. The formats, the ops and the writers are
 * described in {@code io.lockchaos.history.format}, which holds everything here that needs no
 * Clojure.
 */
package io.lockchaos.checker.history.format;
