// What kind of executable a file is, read from its header: ELF, Mach-O or PE, and for which
// processor. The release checks each archive's executable against its platform with it.

/** "linux-amd64", "darwin-arm64", "windows-amd64", … or a sentence saying what the file is. */
export function executableFormat(header: Buffer): string {
  const arch = (known: Record<number, string>, value: number) =>
    known[value] ?? `machine 0x${value.toString(16)}`;
  // ELF: e_machine at 18 (little-endian on both platforms).
  if (header.subarray(0, 4).equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]))) {
    return `linux-${arch({ 62: "amd64", 183: "arm64" }, header.readUInt16LE(18))}`;
  }
  // Mach-O 64-bit (MH_MAGIC_64, little-endian): cputype at 4.
  if (header.readUInt32LE(0) === 0xfeedfacf) {
    return `darwin-${arch({ 16777223: "amd64", 16777228: "arm64" }, header.readUInt32LE(4))}`;
  }
  // PE: "MZ", the PE header's offset at 0x3c, its machine 4 bytes after "PE\0\0".
  if (header.subarray(0, 2).toString("latin1") === "MZ") {
    const pe = header.readUInt32LE(0x3c);
    if (pe + 6 <= header.length && header.subarray(pe, pe + 4).toString("latin1") === "PE\0\0") {
      return `windows-${arch({ 34404: "amd64", 43620: "arm64" }, header.readUInt16LE(pe + 4))}`;
    }
  }
  return "not an executable this release makes";
}
