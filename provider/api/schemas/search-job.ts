// Spec 4.4 (docs/reference/service/collector-management-api.md): search jobs, described only as far as sessions go. Bodies are open records.
import { z } from "zod";

/** Request body of POST /search/jobs (fields not given by the spec; passed through as is). */
export const searchJobInputSchema = z.record(z.string(), z.unknown());
export type SearchJobInput = z.input<typeof searchJobInputSchema>;

export const searchJobCreatedSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
});
export type SearchJobCreated = z.infer<typeof searchJobCreatedSchema>;

export const searchJobStatusSchema = z.looseObject({});
export type SearchJobStatus = z.infer<typeof searchJobStatusSchema>;
