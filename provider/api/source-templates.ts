// The Source Template Management API: templates configure the remotely managed OT collectors
// their selector picks. Full lifecycle, with the service's rules: no ETag; a disabled template
// reads as 404 (list with showDisabled finds it); an enabled one cannot be deleted; a version
// change goes through upgrade().
import { InputError } from "./errors";
import type { RequestOptions, Transport } from "./http";
import { hexIdSegment } from "./names";
import { NAME_MAX } from "./schemas/common";
import {
  type LinkedImpact,
  type LinkedImpactRequest,
  linkedImpactRequestSchema,
  linkedImpactSchema,
  type SourceTemplate,
  type SourceTemplateInput,
  type SourceTemplateUpgrade,
  sourceTemplateInputSchema,
  sourceTemplateListSchema,
  sourceTemplateSchema,
  sourceTemplateUpgradeSchema,
  type TemplateStatus,
  templateStatusSchema,
} from "./schemas/source-template";
import { checkFields, parseResponse } from "./validate";

export interface ListTemplatesOptions {
  /** Disabled templates too; default false (enabled only). */
  showDisabled?: boolean;
  /** Only the template of this exact name. */
  name?: string;
}

function checkListOptions(options: ListTemplatesOptions): void {
  if (options.showDisabled !== undefined && typeof options.showDisabled !== "boolean") {
    throw new InputError("showDisabled", "showDisabled must be true or false");
  }
  const { name } = options;
  if (
    name !== undefined &&
    (typeof name !== "string" || name.length === 0 || name.length > NAME_MAX)
  ) {
    throw new InputError(
      "name",
      `name must be a source template's name, 1–${NAME_MAX} characters, got ${JSON.stringify(name)}`,
    );
  }
}

export class SourceTemplatesApi {
  constructor(private readonly http: Transport) {}

  /** The source templates (enabled ones only unless `showDisabled`), or the one named `name`; the service does not page them. */
  async list(
    options: ListTemplatesOptions = {},
    req: RequestOptions = {},
  ): Promise<SourceTemplate[]> {
    checkListOptions(options);
    const res = await this.http.send({
      method: "GET",
      path: "/sourceTemplates",
      query: { showDisabled: options.showDisabled, name: options.name },
      ...req,
    });
    return parseResponse(sourceTemplateListSchema, res, "GET").data;
  }

  /** One source template by id. A disabled one answers 404 (condition "not-found"), as a deleted one does. */
  async get(id: string, req: RequestOptions = {}): Promise<SourceTemplate> {
    const res = await this.http.send({
      method: "GET",
      path: `/sourceTemplates/${hexIdSegment(id, "id")}`,
      ...req,
    });
    return parseResponse(sourceTemplateSchema, res, "GET");
  }

  /**
   * The source template of this exact name, or undefined: the list with `name=`, disabled ones
   * included unless `showDisabled` is false (names are unique among both).
   */
  async findByName(
    name: string,
    options: { showDisabled?: boolean } = {},
    req: RequestOptions = {},
  ): Promise<SourceTemplate | undefined> {
    const showDisabled = options.showDisabled ?? true;
    const found = await this.list({ name, showDisabled }, req);
    // The service filters already; checking again keeps a service that ignores `name` harmless.
    return found.find((template) => template.inputJson?.name === name);
  }

  /**
   * Creates a source template. `schemaRef.version` left out (or "") is the type's latest;
   * `isEnabled` defaults to true. Names are unique, disabled templates included: a second one
   * fails with condition "duplicate-name".
   */
  async create(body: SourceTemplateInput, req: RequestOptions = {}): Promise<SourceTemplate> {
    const template = checkFields(sourceTemplateInputSchema, body, "sourceTemplate");
    const res = await this.http.send({
      method: "POST",
      path: "/sourceTemplates",
      body: template,
      ...req,
    });
    return parseResponse(sourceTemplateSchema, res, "POST");
  }

  /**
   * Replaces a source template's selector and inputJson (the whole body, as create() takes it;
   * `isEnabled` left out keeps it). The type cannot change, and a version only through upgrade().
   */
  async update(
    id: string,
    body: SourceTemplateInput,
    req: RequestOptions = {},
  ): Promise<SourceTemplate> {
    const segment = hexIdSegment(id, "id");
    const template = checkFields(sourceTemplateInputSchema, body, "sourceTemplate");
    const res = await this.http.send({
      method: "POST",
      path: `/sourceTemplates/${segment}`,
      body: template,
      ...req,
    });
    return parseResponse(sourceTemplateSchema, res, "POST");
  }

  /** Enables or disables a source template (disabled ones too); resolves with it. */
  async setStatus(
    id: string,
    status: TemplateStatus,
    req: RequestOptions = {},
  ): Promise<SourceTemplate> {
    const segment = hexIdSegment(id, "id");
    const checked = checkFields(templateStatusSchema, status, "status");
    const res = await this.http.send({
      method: "PUT",
      path: `/sourceTemplates/${segment}/status`,
      body: { status: checked },
      ...req,
    });
    return parseResponse(sourceTemplateSchema, res, "PUT");
  }

  /** Moves a source template to another version of its type, with the inputJson for that version. */
  async upgrade(
    id: string,
    body: SourceTemplateUpgrade,
    req: RequestOptions = {},
  ): Promise<SourceTemplate> {
    const segment = hexIdSegment(id, "id");
    const upgrade = checkFields(sourceTemplateUpgradeSchema, body, "upgrade");
    const res = await this.http.send({
      method: "POST",
      path: `/sourceTemplates/${segment}/upgrade`,
      body: upgrade,
      ...req,
    });
    return parseResponse(sourceTemplateSchema, res, "POST");
  }

  /**
   * Which enabled source templates would start (added) or stop (removed) configuring an OT
   * collector if it had these tags (and this name): a preview, nothing changes.
   */
  async linkedImpact(
    request: LinkedImpactRequest,
    req: RequestOptions = {},
  ): Promise<LinkedImpact> {
    const body = checkFields(linkedImpactRequestSchema, request, "");
    const res = await this.http.send({
      method: "POST",
      path: "/sourceTemplates/getLinkedSourceTemplatesImpact",
      body,
      readOnly: true,
      ...req,
    });
    return parseResponse(linkedImpactSchema, res, "POST");
  }

  /** Deletes a disabled source template; an enabled one is refused (disable it with setStatus() first). */
  async delete(id: string, req: RequestOptions = {}): Promise<void> {
    await this.http.send({
      method: "DELETE",
      path: `/sourceTemplates/${hexIdSegment(id, "id")}`,
      ...req,
    });
  }
}
