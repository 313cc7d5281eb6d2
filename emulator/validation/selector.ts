import type { OtTag, Selector } from "../model/selector";
import { invalid, isAbsent, isObject, type Rule, readFields, str, strList } from "./values";

/** One {key, values[]} condition. */
const otTag: Rule = (value, path) => {
  if (!isObject(value)) invalid(path, 'must be an object {"key": …, "values": […]}');
  const read = readFields(value, { key: str, values: strList }, ["key", "values"], path);
  if ((read.key as string) === "") invalid(`${path}.key`, "must not be empty");
  return { key: read.key, values: read.values };
};

/** Lists of conditions: [[{key, values}]]; inside a list they are ANDed, the lists ORed. */
export const tagLists: Rule = (value, path) => {
  if (!Array.isArray(value)) invalid(path, 'must be an array of arrays of {"key", "values"}');
  return value.map((list, i) => {
    const at = `${path}[${i}]`;
    if (!Array.isArray(list)) invalid(at, 'must be an array of {"key", "values"}');
    return list.map((tag, j) => otTag(tag, `${at}[${j}]`));
  });
};

/** A source template's selector; absent parts are [] (Terraform sends `selector: {}`). */
export function parseSelector(value: unknown, path: string): Selector {
  if (isAbsent(value)) return { tags: [], names: [] };
  if (!isObject(value)) invalid(path, 'must be an object {"tags"?: [[…]], "names"?: […]}');
  const read = readFields(value, { tags: tagLists, names: strList }, [], path);
  return {
    tags: (read.tags as OtTag[][] | undefined) ?? [],
    names: (read.names as string[] | undefined) ?? [],
  };
}
