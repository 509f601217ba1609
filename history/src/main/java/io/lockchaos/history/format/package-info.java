/**
 * Reading and writing history files: the formats, the JSON-lines reader and both writers.
 * This module needs no Clojure, so workers and the fault proxy write histories with it. The
 * EDN and Jepsen-log readers, which fall back to Clojure's EDN reader, and the format
 * detection are in the checker ({@code io.lockchaos.checker.history.format}).
 *
 * <p>{@code io.lockchaos.checker.history.format.HistoryFormats.read(Path)} reads
 * any supported file: it looks at the first non-blank line (<code>{"key":</code> is JSON lines;
 * <code>{</code>, {@code [}, {@code #} or {@code ;} is EDN; {@code INFO} or a line holding
 * {@code jepsen.util - } is a Jepsen log) and only when that says nothing at the file name
 * ({@code .edn}; {@code .jsonl}, {@code .ndjson}, {@code .json}; {@code .log}, {@code .txt}).
 * An empty file is an empty history (the command line refuses it: "no operations"). Every
 * reader works in one streaming pass, in time linear in the file. Every reader reports a problem as a
 * {@link io.lockchaos.history.HistoryFormatException} naming the file and the 1-based
 * line, what is wrong and what was expected; that includes pairing errors (a completion with
 * no invocation), which are reported at the completion's line.
 *
 * <h2>Formats</h2>
 * <ul>
 * <li><b>EDN</b> ({@code history.edn}): one op map per line, or one vector or list of op maps
 * over any number of lines. The common case is read by a streaming scanner without loading
 * Clojure; anything it does not read exactly as Clojure would (hex or ratio numbers, octal
 * escapes, metadata, namespaced maps, duplicate keys, any syntax error...) is read again by
 * Clojure's own EDN reader, the reference, whose result or error is the answer. A differential
 * test holds the two to the same ops. One difference is by design: a map of more than eight
 * entries keeps the file's order (Clojure's iterates in hash order; the maps are equal).
 * Values nested more than 500 deep are refused with the line. Tagged literals give the value
 * they tag: {@code #jepsen.history.Op{...}} is its map, {@code #inst "..."} and
 * {@code #uuid "..."} their strings. Op keys {@code :type}, {@code :process} and {@code :f} are
 * required; {@code :time}, {@code :value} and {@code :error} are optional; {@code :index} is
 * ignored (a history is indexed by position); any other key (such as the kv corpus's
 * {@code :key}) is kept in {@code Op.extra()}. A process is a non-negative integer (a client)
 * or a keyword or string ({@code :nemesis}, {@code :final}).</li>
 * <li><b>JSON lines</b> ({@code history.jsonl}): one object per line with the same fields,
 * <code>{"index": 0, "time": 12, "type": "invoke", "process": 0, "f": "read", "value": null}</code>;
 * a named process is a string ({@code "nemesis"}). Parsed by Jackson's streaming parser, one
 * line at a time; nesting past 500 is refused with the line. A last line that is not complete
 * JSON and has no newline after it (a killed writer's) is left out, and
 * {@link io.lockchaos.history.History#notes()} says so.</li>
 * <li><b>Jepsen log</b> (Porcupine's etcd corpus): {@code INFO  jepsen.util - 3\t:invoke\t:write\t3}.
 * Process, type and f are split on whitespace, the value is the rest of the line read as EDN,
 * and text after the value is the op's error. Other lines are skipped. No times.</li>
 * </ul>
 *
 * <h2>Values in EDN</h2>
 * Clojure data becomes a {@link io.lockchaos.history.Value}: integers that fit in 64
 * bits become {@code Int} (larger ones are an error), doubles {@code Real}, strings
 * {@code Str}, keywords {@code Kw} ({@code :ns/name} keeps its namespace), booleans
 * {@code Bool}, vectors and lists {@code Vec}, maps {@code Dict}, sets {@code SetV}, nil
 * {@code NIL}. Symbols and characters become {@code Str} (so they are written back as
 * strings); ratios and BigDecimals are an error rather than a silent rounding. The writer
 * prints NaN and infinities as {@code ##NaN}, {@code ##Inf}, {@code ##-Inf}.
 *
 * <h2>Values in JSON</h2>
 * The writer and reader agree on these rules, so every value round-trips exactly:
 * <ul>
 * <li>nil is {@code null}; booleans, integers and doubles are JSON's own (a double always has
 * a decimal point or exponent; NaN and infinities are the bare tokens {@code NaN},
 * {@code Infinity}, {@code -Infinity}).</li>
 * <li>A keyword is a string with a leading colon: {@code :timed-out} is {@code ":timed-out"}.
 * A string that itself begins with a colon gets one more: the string {@code ":x"} is
 * {@code "::x"}. Any other string is itself.</li>
 * <li>A vector (or list) is an array.</li>
 * <li>A map whose keys are all keywords (none beginning with {@code #}) is an object keyed by
 * the keyword names: <code>{:lock "job-0" :token 34}</code> is
 * <code>{"lock": "job-0", "token": 34}</code>. Any other map is
 * <code>{"#map": [[key, value], ...]}</code>, keys spelled as values.</li>
 * <li>A set is <code>{"#set": [item, ...]}</code>.</li>
 * </ul>
 * The same string rule applies to {@code f} and a named process's name.
 *
 * <h2>Writers</h2>
 * {@link io.lockchaos.history.format.EdnHistoryWriter} and
 * {@link io.lockchaos.history.format.JsonLinesHistoryWriter} write one op per line and
 * flush each, so a run killed mid-way leaves every line written so far. Reading back what they
 * wrote gives the same ops, values and extras.
 */
package io.lockchaos.history.format;
