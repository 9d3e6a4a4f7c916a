/**
 * Resumable uploads kept in the media store, so that when app nodes share a bucket and no disk
 * any node continues any upload. An upload is the folder `uploads/{id}/`: `upload.json` (its
 * length, metadata and how many bytes arrived) and its bytes as pieces of a fixed size
 * (src/lib/uploadPieces.ts). A piece is gathered in memory and stored whole, or partial when
 * the request ends or breaks: what arrived is kept, and a request resuming inside that piece
 * reads it back first. Two requests never write one upload at once: the tus server's lock
 * spans the nodes (uploadLocker.ts).
 *
 * Plain objects rather than an S3 multipart upload: every S3-compatible store keeps them
 * alike, and the finished file is read back once anyway, for the probe and the transcode.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { PIECE_BYTES, pieceCount, pieceName, resumePoint } from '../../lib/uploadPieces.ts';
import { readWhole, type MediaStorage } from '../media/storage.ts';

const UPLOAD_ID = /^[0-9a-f]{16,64}$/;

const folderOf = (id: string) => `uploads/${id}`;
const infoKey = (id: string) => `${folderOf(id)}/upload.json`;
const pieceKey = (id: string, index: number) => `${folderOf(id)}/${pieceName(index)}`;

export class PieceUploadStore extends DataStore {
  override extensions = [
    'creation',
    'creation-with-upload',
    'creation-defer-length',
    'termination',
  ];

  private readonly storage: MediaStorage;
  /** A folder of this process's where pieces are staged on their way to the store. */
  private readonly stagingDir: () => Promise<string>;
  private readonly pieceBytes: number;

  constructor(storage: MediaStorage, stagingDir: () => Promise<string>, pieceBytes = PIECE_BYTES) {
    super();
    this.storage = storage;
    this.stagingDir = stagingDir;
    this.pieceBytes = pieceBytes;
  }

  override async create(upload: Upload): Promise<Upload> {
    if (!UPLOAD_ID.test(upload.id)) throw ERRORS.FILE_NOT_FOUND;
    await this.saveInfo(upload);
    return upload;
  }

  override getUpload(id: string): Promise<Upload> {
    return this.readInfo(id);
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const upload = await this.readInfo(id);
    upload.size = length;
    await this.saveInfo(upload);
  }

  override async remove(id: string): Promise<void> {
    await this.readInfo(id);
    await this.storage.deletePrefix(folderOf(id));
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const upload = await this.readInfo(id);
    const resume = resumePoint(offset, this.pieceBytes);
    let index = resume.index;
    let gathered: Buffer[] = [];
    let gatheredBytes = 0;
    if (resume.kept > 0) {
      const kept = await readWhole(this.storage, pieceKey(id, index));
      if (!kept || kept.length < resume.kept) throw ERRORS.FILE_NOT_FOUND;
      gathered.push(kept.subarray(0, resume.kept));
      gatheredBytes = resume.kept;
    }
    let unsaved = false;
    const save = async () => {
      const bytes = Buffer.concat(gathered, gatheredBytes);
      await this.putBytes(pieceKey(id, index), bytes);
      upload.offset = index * this.pieceBytes + bytes.length;
      await this.saveInfo(upload);
      unsaved = false;
    };
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        let rest = chunk;
        while (rest.length > 0) {
          const part = rest.subarray(0, this.pieceBytes - gatheredBytes);
          gathered.push(part);
          gatheredBytes += part.length;
          unsaved = true;
          rest = rest.subarray(part.length);
          if (gatheredBytes < this.pieceBytes) continue;
          await save();
          index += 1;
          gathered = [];
          gatheredBytes = 0;
        }
      }
    } finally {
      // Also when the request broke: the bytes that arrived are kept and counted.
      if (unsaved) await save();
    }
    return upload.offset;
  }

  /** Writes the finished upload's bytes, in order, to the local file `target`. */
  async assemble(id: string, target: string): Promise<void> {
    const upload = await this.readInfo(id);
    const out = createWriteStream(target);
    try {
      for (let index = 0; index < pieceCount(upload.offset, this.pieceBytes); index += 1) {
        await pipeline(await this.storage.createReadStream(pieceKey(id, index)), out, {
          end: false,
        });
      }
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
  }

  private async readInfo(id: string): Promise<Upload> {
    if (!UPLOAD_ID.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const stored = await readWhole(this.storage, infoKey(id));
    if (!stored) throw ERRORS.FILE_NOT_FOUND;
    return new Upload(
      JSON.parse(stored.toString('utf8')) as ConstructorParameters<typeof Upload>[0],
    );
  }

  private saveInfo(upload: Upload): Promise<void> {
    const { id, size, offset, metadata, creation_date } = upload;
    return this.putBytes(
      infoKey(id),
      Buffer.from(JSON.stringify({ id, size, offset, metadata, creation_date })),
    );
  }

  private async putBytes(key: string, bytes: Buffer): Promise<void> {
    const staged = path.join(await this.stagingDir(), randomBytes(8).toString('hex'));
    try {
      await writeFile(staged, bytes);
      await this.storage.put(key, staged, { move: true });
    } finally {
      await rm(staged, { force: true });
    }
  }
}
