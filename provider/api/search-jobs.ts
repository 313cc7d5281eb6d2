// Spec 4.4 (docs/reference/service/collector-management-api.md): search jobs, as far as the spec describes them. Creating a job sets a session
// cookie that its follow-ups must send; the shared cookie jar (session.ts) takes care of it.
import type { RequestOptions, Transport } from "./http";
import { tokenSegment } from "./names";
import {
  type SearchJobCreated,
  type SearchJobInput,
  type SearchJobStatus,
  searchJobCreatedSchema,
  searchJobInputSchema,
  searchJobStatusSchema,
} from "./schemas/search-job";
import { checkInput, parseResponse } from "./validate";

export class SearchJobsApi {
  constructor(private readonly http: Transport) {}

  /** Creates a search job (Enterprise accounts only: others get condition "forbidden"). */
  async create(body: SearchJobInput, req: RequestOptions = {}): Promise<SearchJobCreated> {
    const job = checkInput(searchJobInputSchema, body, "searchJob");
    const res = await this.http.send({
      method: "POST",
      path: "/search/jobs",
      body: job,
      ...req,
    });
    return parseResponse(searchJobCreatedSchema, res, "POST");
  }

  /** The search job as the service reports it (its fields are passed through as they come). */
  async status(id: string, req: RequestOptions = {}): Promise<SearchJobStatus> {
    const res = await this.http.send({
      method: "GET",
      path: `/search/jobs/${tokenSegment(id, "searchJobId")}`,
      ...req,
    });
    return parseResponse(searchJobStatusSchema, res, "GET");
  }
}
