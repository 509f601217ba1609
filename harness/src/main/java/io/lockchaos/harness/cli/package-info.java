/**
 * The {@code lockchaos} command line (picocli): one class per subcommand, listed in
 * {@link io.lockchaos.harness.cli.Main}. Every command exits 0 when what it checked is valid, 1
 * invalid, 2 unknown, and 3 on unreadable input or bad usage, with a message that names the
 * file, line or option at fault.
 */
package io.lockchaos.harness.cli;
