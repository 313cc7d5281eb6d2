import { Directory } from "./accounts";
import { AuthThrottle } from "./http/auth-throttle";
import { Faults } from "./http/faults";
import { ConcurrencyLimiter, RateLimiter } from "./http/rate-limit";
import { RequestLog } from "./http/request-log";
import { Sessions } from "./http/sessions";
import type { ResolvedOptions } from "./options";
import { SearchJobs } from "./routes/search-jobs/jobs";
import { startTimers } from "./services/timers";
import { openState, type State } from "./state";

/** Everything one emulator instance holds, shared by its routes through `app.emulator`. */
export interface EmulatorContext extends State {
  options: ResolvedOptions;
  directory: Directory;
  sessions: Sessions;
  authThrottle: AuthThrottle;
  rateLimiter: RateLimiter;
  concurrency: ConcurrencyLimiter;
  faults: Faults;
  requestLog: RequestLog;
  searchJobs: SearchJobs;
  /** Empties the state and every run-time table; accounts, id sequences and the clock stay. */
  reset(): void;
}

export function createContext(options: ResolvedOptions): EmulatorContext {
  const state = openState(options.dataDir);
  startTimers(state);
  const { clock } = state;
  const context: EmulatorContext = {
    ...state,
    options,
    directory: new Directory(options.accounts),
    sessions: new Sessions(clock),
    authThrottle: new AuthThrottle(clock, {
      perMinute: options.authPerMinute,
      failuresPerMinute: options.authFailuresPerMinute,
    }),
    rateLimiter: new RateLimiter(clock, options.rateLimit),
    concurrency: new ConcurrencyLimiter(options.maxConcurrent),
    faults: new Faults(),
    requestLog: new RequestLog(),
    searchJobs: new SearchJobs(clock),
    reset() {
      state.store.clear();
      state.scheduler.clear();
      for (const table of [
        context.sessions,
        context.authThrottle,
        context.rateLimiter,
        context.faults,
        context.requestLog,
        context.searchJobs,
      ]) {
        table.clear();
      }
    },
  };
  return context;
}
