import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Extracts a .zip (stored or deflated entries, as zip-it-and-ship-it writes them) without an
// unzip binary: the central directory lists the entries, each local header precedes its data.

export function extractZip(zipFile: string, destDir: string): string[] {
  const zip = fs.readFileSync(zipFile);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error(`${zipFile} is not a zip archive.`);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`${zipFile}: bad central directory.`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    const target = path.join(destDir, name);
    if (!target.startsWith(destDir + path.sep))
      throw new Error(`${zipFile}: entry outside the archive: ${name}`);
    if (name.endsWith('/')) {
      fs.mkdirSync(target, { recursive: true });
      continue;
    }
    const dataStart =
      localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (method === 0) fs.writeFileSync(target, data);
    else if (method === 8) fs.writeFileSync(target, zlib.inflateRawSync(data));
    else throw new Error(`${zipFile}: ${name} uses compression method ${method}.`);
    names.push(name);
  }
  return names;
}
