// How long a test lets a provider process (the plugin, or Pulumi's Node.js dynamic-provider host
// running our provider) outlive its engine: what the code promises, EXIT_WITHIN_MS (the watch's
// misses a second apart, then the grace of the calls in progress; the user guide gives the same
// figure), and a margin for a busy machine.
import { EXIT_WITHIN_MS } from "../../provider/resources/steps/engine-gone";

/**
 * The margin over EXIT_WITHIN_MS: with the processor shared (two cores, four test files at a time,
 * each with engines and Node.js hosts of its own), the watch's timers and the test's own poll of
 * the process fire late, and an exiting Node.js process takes a moment to be gone.
 */
const SCHEDULING_MARGIN_MS = 2_000;

/** A provider process the test's engine left must be gone within this of the engine's death. */
export const PROVIDER_EXIT_MS = EXIT_WITHIN_MS + SCHEDULING_MARGIN_MS;
