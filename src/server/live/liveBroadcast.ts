/**
 * One event on the air in this process: the encoder's FLV tags go into one ffmpeg that
 * packages the live ladder and the recording (packagerArgs.ts); each rung's fragmented MP4 is cut
 * into low-latency HLS parts and segments as it comes (LowLatencyRung), and SegmentPublisher
 * carries the rest into media storage. The event turns 'streaming' once every rung has a segment. An encoder
 * that drops may reconnect with the same key within LIVE_GRACE_SECONDS and the broadcast goes
 * on, its timeline continued; otherwise, or when the push cannot be packaged (no video, a codec
 * ffmpeg cannot read, a source this machine cannot keep up with, nothing arriving), the
 * broadcast ends with a reason, the event moves on, and the replay job takes the recording.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { avcSequenceHeaderResolution } from '../../lib/avcResolution.ts';
import type { LiveIngestError } from '../../lib/liveIngestError.ts';
import { liveLadder, type LiveLadder } from '../../lib/liveLadder.ts';
import { judgeStreamStart } from '../../lib/liveStreamStart.ts';
import { droppedFramesIn, HEALTH_WRITE_MS, IngestMeter } from '../../lib/streamHealth.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../logger.ts';
import { boundToParent, stderrTail } from '../media/run.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { liveStorageKey, type MediaStorage } from '../media/storage.ts';
import { metrics } from '../metrics.ts';
import { endBroadcast, heartbeat, markStreaming } from './liveEventStore.ts';
import { LowLatencyRung } from './lowLatencyRung.ts';
import { masterPlaylist, packagerArgs, RECORDING_DIR, rungPipe } from './packagerArgs.ts';
import {
  AUDIO_TAG,
  flvHeader,
  flvTag,
  SCRIPT_TAG,
  streamMetadata,
  VIDEO_TAG,
  type EncoderConnection,
  type MediaTag,
  type PublishHandler,
} from './rtmpProtocol.ts';
import { SegmentPublisher } from './segmentPublisher.ts';
import { ffmpegRelays } from './simulcastRelay.ts';
import { recordSimulcastStatus, simulcastTargets } from './simulcastStore.ts';
import { SimulcastSupervisor } from './simulcastSupervisor.ts';
import type { StreamHealthStore } from './streamHealthStore.ts';

const SYNC_INTERVAL_MS = 500;
const HEARTBEAT_INTERVAL_MS = 5_000;
/** No new part for this long while the encoder is connected: the picture stopped. */
const STALL_MS = 30_000;
/** ffmpeg this far behind the encoder cannot keep up with the source. */
const MAX_LAG_MS = 20_000;
const STOP_WAIT_MS = 15_000;

export interface BroadcastSettings {
  db: Db;
  storage: MediaStorage;
  ffmpeg: string;
  /** This process, as written in live_events.ingest_node. */
  node: string;
  graceMs: number;
  maxHeight: number;
  /** Where the push's health goes for the studio of every node. */
  health: StreamHealthStore;
}

const TAG_KINDS = { [AUDIO_TAG]: 'audio', [VIDEO_TAG]: 'video', [SCRIPT_TAG]: 'script' } as const;

type Phase = 'probing' | 'packaging' | 'ending' | 'ended';

export class LiveBroadcast {
  private phase: Phase = 'probing';
  private connection: EncoderConnection | null = null;
  private graceTimer: NodeJS.Timeout | null = null;
  private readonly probe: MediaTag[] = [];
  private readonly attachedAt = Date.now();
  private firstPacketAt: number | null = null;
  private videoConfiguredAt: number | null = null;
  private videoCodec: number | null = null;
  private audioCodec: number | null = null;
  private metadata: Record<string, unknown> | null = null;
  private packager: ChildProcessByStdio<Writable, Readable, Readable> | null = null;
  private packagerExit: Promise<number | null> | null = null;
  private stderr = '';
  private publisher: SegmentPublisher | null = null;
  private rungs: LowLatencyRung[] = [];
  private scratch: string | null = null;
  private ticker: NodeJS.Timeout | null = null;
  private syncing = false;
  private watchable = false;
  private lastHeartbeatAt = 0;
  /** Last timestamp written to ffmpeg, and the shift that continues it after a reconnect. */
  private lastDts = 0;
  /** The first timestamp written: ffmpeg counts its output from there (encoders need not start at 0). */
  private firstDts: number | null = null;
  private dtsShift = 0;
  private shiftPending = false;
  private packagedMs = 0;
  private finishing: Promise<void> | null = null;
  private simulcast: SimulcastSupervisor | null = null;
  /** The relays' statuses, written one after another so the last one written is the last one said. */
  private simulcastWrites: Promise<void> = Promise.resolve();
  /** What the current encoder connection sends, measured (a reconnect starts a new meter). */
  private meter = new IngestMeter();
  private droppedFrames: number | null = null;
  private lastHealthAt = 0;
  /** Health writes, one after another, so the last one written is the last one measured. */
  private healthWrites: Promise<void> = Promise.resolve();

  readonly videoId: number;
  readonly broadcastId: number;
  private readonly settings: BroadcastSettings;
  private readonly onEnded: (broadcast: LiveBroadcast) => void;

  /** Keep the source for a replay (the event's save_replay). */
  private readonly record: boolean;

  constructor(
    videoId: number,
    broadcastId: number,
    record: boolean,
    settings: BroadcastSettings,
    onEnded: (broadcast: LiveBroadcast) => void,
  ) {
    this.videoId = videoId;
    this.record = record;
    this.broadcastId = broadcastId;
    this.settings = settings;
    this.onEnded = onEnded;
    metrics().liveStreams.inc();
    this.ticker = setInterval(() => void this.tick(), SYNC_INTERVAL_MS);
  }

  /** Storage folder of this broadcast's live HLS and recording. */
  get prefix(): string {
    return liveStorageKey(this.videoId, this.broadcastId);
  }

  /** Between an encoder's drop and the end of its grace: a reconnect with the key resumes. */
  get awaitingEncoder(): boolean {
    return this.graceTimer !== null;
  }

  attach(connection: EncoderConnection): PublishHandler {
    if (this.graceTimer) {
      clearTimeout(this.graceTimer);
      this.graceTimer = null;
      this.shiftPending = true;
      logger.info(
        { videoId: this.videoId, broadcastId: this.broadcastId },
        'live encoder reconnected; the broadcast goes on',
      );
    }
    this.connection = connection;
    this.meter = new IngestMeter();
    return {
      tag: (tag) => this.onTag(tag),
      closed: () => this.onEncoderGone(connection),
    };
  }

  private onTag(tag: MediaTag): void {
    if (this.phase === 'ending' || this.phase === 'ended') return;
    this.firstPacketAt ??= Date.now();
    this.measure(tag);
    if (tag.type === VIDEO_TAG) {
      this.videoCodec ??= tag.codec;
      if (tag.role === 'config') this.videoConfiguredAt ??= Date.now();
    }
    if (tag.type === AUDIO_TAG) this.audioCodec ??= tag.codec;
    if (this.metadata === null) this.metadata = streamMetadata(tag);
    if (this.phase === 'probing') {
      this.probe.push(tag);
      this.judge();
      return;
    }
    this.write(tag);
  }

  private measure(tag: MediaTag): void {
    const kind = TAG_KINDS[tag.type as keyof typeof TAG_KINDS];
    if (!kind) return;
    this.meter.tag({ kind, role: tag.role, dts: tag.dts, bytes: tag.data.length }, Date.now());
    const size =
      kind === 'video' && tag.role === 'config'
        ? avcSequenceHeaderResolution(tag.data)
        : this.meter.hasResolution
          ? null
          : sizeIn(streamMetadata(tag));
    if (size) this.meter.resolution(size.width, size.height);
  }

  /** Stores the push's health every few seconds, through an encoder's drop too (its last packet ages). */
  private reportHealth(): void {
    const now = Date.now();
    if (now - this.lastHealthAt < HEALTH_WRITE_MS) return;
    this.lastHealthAt = now;
    const health = this.meter.snapshot(now, {
      broadcastId: this.broadcastId,
      droppedFrames: this.droppedFrames,
    });
    this.writeHealth(health);
  }

  private writeHealth(health: Parameters<StreamHealthStore['write']>[1]): void {
    this.healthWrites = this.healthWrites
      .then(() => this.settings.health.write(this.videoId, health))
      .catch((error: unknown) =>
        logger.warn({ err: error, videoId: this.videoId }, 'live stream health not stored'),
      );
  }

  /** Decides from what the encoder sent so far whether to start packaging, wait, or refuse. */
  private judge(): void {
    const now = Date.now();
    const verdict = judgeStreamStart({
      videoCodec: this.videoCodec,
      videoConfigured: this.videoConfiguredAt !== null,
      audioCodec: this.audioCodec,
      metadataHasAudio: this.metadata
        ? this.metadata['audiocodecid'] !== undefined && this.metadata['audiocodecid'] !== 0
        : null,
      msSinceFirstPacket: now - (this.firstPacketAt ?? this.attachedAt),
      msSinceVideoConfigured: this.videoConfiguredAt === null ? null : now - this.videoConfiguredAt,
    });
    if ('refuse' in verdict) {
      void this.finish(verdict.refuse);
    } else if ('start' in verdict) {
      void this.startPackaging(verdict.start.hasAudio).catch((error: unknown) => {
        logger.error({ err: error, videoId: this.videoId }, 'live packager did not start');
        void this.finish('packager_failed');
      });
    }
  }

  private async startPackaging(hasAudio: boolean): Promise<void> {
    this.phase = 'packaging';
    const source = {
      width: numberIn(this.metadata, 'width') ?? 0,
      height: numberIn(this.metadata, 'height') ?? 0,
      fps: numberIn(this.metadata, 'framerate'),
    };
    const ladder: LiveLadder = liveLadder(source, this.settings.maxHeight);
    this.scratch = await makeScratchDir(`live-${this.videoId}-${this.broadcastId}`);
    for (const dir of [...ladder.rungs.map((r) => r.name), RECORDING_DIR])
      await mkdir(path.join(this.scratch, dir), { recursive: true });
    const scratch = this.scratch;
    this.rungs = ladder.rungs.map(
      (rung) =>
        new LowLatencyRung({
          name: rung.name,
          dir: path.join(scratch, rung.name),
          prefix: this.prefix,
          storage: this.settings.storage,
        }),
    );
    this.publisher = new SegmentPublisher({
      dir: this.scratch,
      prefix: this.prefix,
      rungs: this.rungs,
      master: masterPlaylist(ladder, source, { hasAudio }),
      storage: this.settings.storage,
    });
    this.simulcast = await this.startSimulcast();
    if (this.phase !== 'packaging') return;
    const child = spawn(
      ...boundToParent(
        this.settings.ffmpeg,
        packagerArgs(ladder, this.scratch, { hasAudio, record: this.record }),
      ),
      { stdio: ['pipe', 'pipe', 'pipe', ...this.rungs.map(() => 'pipe' as const)] },
    ) as ChildProcessByStdio<Writable, Readable, Readable>;
    this.packager = child;
    this.rungs.forEach((rung, i) => rung.read(child.stdio[rungPipe(i)] as Readable));
    this.packagerExit = new Promise((resolve) => child.once('close', (code) => resolve(code)));
    child.stdin.on('error', () => undefined);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-8_000);
    });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const match = /out_time_ms=(\d+)\s*$/m.exec(chunk);
      if (match) this.packagedMs = Number(match[1]) / 1000;
      this.droppedFrames = droppedFramesIn(chunk) ?? this.droppedFrames;
    });
    void this.packagerExit.then((code) => {
      if (this.phase !== 'packaging') return;
      logger.error(
        { videoId: this.videoId, code, stderr: stderrTail(this.stderr) },
        'live packager stopped on its own',
      );
      void this.finish('packager_failed');
    });
    logger.info(
      {
        videoId: this.videoId,
        broadcastId: this.broadcastId,
        rungs: ladder.rungs.map((r) => r.name),
        fps: ladder.fps,
        hasAudio,
      },
      'live broadcast packaging',
    );
    child.stdin.write(flvHeader(hasAudio, true));
    this.simulcast?.start(hasAudio);
    for (const tag of this.probe.splice(0)) this.write(tag);
  }

  /**
   * The event's simulcast, its relays fed beside the packager (never through it): a destination
   * that fails is retried on its own. One the database cannot name leaves the site's stream on.
   */
  private async startSimulcast(): Promise<SimulcastSupervisor | null> {
    const { db, ffmpeg } = this.settings;
    try {
      const targets = await simulcastTargets(db, this.videoId);
      if (targets.length === 0) return null;
      logger.info(
        { videoId: this.videoId, destinations: targets.map((target) => target.id) },
        'live broadcast simulcast',
      );
      return new SimulcastSupervisor(targets, ffmpegRelays(ffmpeg), (id, status, error) => {
        this.simulcastWrites = this.simulcastWrites
          .then(() => recordSimulcastStatus(db, id, status, error))
          .catch((writeError: unknown) =>
            logger.warn({ err: writeError, destination: id }, 'simulcast status not stored'),
          );
      });
    } catch (error) {
      logger.error({ err: error, videoId: this.videoId }, 'simulcast destinations not read');
      return null;
    }
  }

  private write(tag: MediaTag): void {
    if (!this.packager || this.phase !== 'packaging') return;
    if (this.shiftPending) {
      // A reconnected encoder starts its clock again: carry on after the last tag written.
      this.dtsShift = this.lastDts + 1000 / 30 - tag.dts;
      this.shiftPending = false;
    }
    const dts = Math.max(0, Math.round(tag.dts + this.dtsShift));
    this.firstDts ??= dts;
    this.lastDts = Math.max(this.lastDts, dts);
    this.packager.stdin.write(flvTag({ ...tag, dts }));
    this.simulcast?.feed({ ...tag, dts });
  }

  private onEncoderGone(connection: EncoderConnection): void {
    if (connection !== this.connection || this.phase === 'ending' || this.phase === 'ended') return;
    this.connection = null;
    if (this.phase === 'probing' || this.settings.graceMs === 0) {
      void this.finish(null);
      return;
    }
    logger.info(
      { videoId: this.videoId, graceSeconds: this.settings.graceMs / 1000 },
      'live encoder dropped; waiting for it to come back',
    );
    this.graceTimer = setTimeout(() => {
      this.graceTimer = null;
      void this.finish(null);
    }, this.settings.graceMs);
  }

  private async tick(): Promise<void> {
    if (this.phase === 'probing' || this.phase === 'packaging') this.reportHealth();
    if (this.phase === 'probing' && this.connection) return this.judge();
    if (this.phase !== 'packaging' || this.syncing || !this.publisher) return;
    this.syncing = true;
    try {
      await this.publish();
      const now = Date.now();
      const lastPartAt = Math.max(...this.rungs.map((rung) => rung.lastPublishedAt));
      if (this.connection && now - lastPartAt > STALL_MS) return void this.finish('stalled');
      if (
        this.connection &&
        this.watchable &&
        this.lastDts - (this.firstDts ?? 0) - this.packagedMs > MAX_LAG_MS
      )
        return void this.finish('too_demanding');
    } catch (error) {
      logger.warn(
        { err: error, videoId: this.videoId },
        'live segments could not be published; trying again',
      );
    } finally {
      this.syncing = false;
    }
  }

  private async publish(): Promise<void> {
    const { db, node } = this.settings;
    const result = await this.publisher!.sync();
    const now = Date.now();
    if (result.watchable && !this.watchable) {
      this.watchable = true;
      await markStreaming(db, this.videoId, node);
      logger.info({ videoId: this.videoId, broadcastId: this.broadcastId }, 'live event streaming');
    }
    // Beats through an encoder's drop too: its grace is this node's, not another's to take.
    if (now - this.lastHeartbeatAt >= HEARTBEAT_INTERVAL_MS) {
      this.lastHeartbeatAt = now;
      // Released: the owner ended the event in the studio. The encoder is let go like any other end.
      if (!(await heartbeat(db, this.videoId, this.broadcastId, node, result.recorded)))
        void this.finish(null);
    }
  }

  /** Ends the broadcast once: the encoder is let go, ffmpeg finishes its files, storage gets the last of them. */
  finish(error: LiveIngestError | null): Promise<void> {
    this.finishing ??= this.end(error);
    return this.finishing;
  }

  private async end(error: LiveIngestError | null): Promise<void> {
    this.phase = 'ending';
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
    if (error) {
      metrics().liveRefusals.inc({ reason: error });
      logger.warn(
        { videoId: this.videoId, broadcastId: this.broadcastId, reason: error },
        'live broadcast ended early',
      );
    }
    this.connection?.end();
    this.connection = null;
    this.simulcast?.stop();
    if (this.packager) {
      this.packager.stdin.end();
      const killer = setTimeout(() => this.packager?.kill('SIGKILL'), STOP_WAIT_MS);
      await this.packagerExit;
      clearTimeout(killer);
    }
    await Promise.all(this.rungs.map((rung) => rung.end()));
    if (this.ticker) clearInterval(this.ticker);
    while (this.syncing) await new Promise((resolve) => setTimeout(resolve, 50));
    let recorded = this.publisher?.recordedCount ?? 0;
    try {
      if (this.publisher) recorded = (await this.publisher.sync()).recorded;
    } catch (syncError) {
      logger.warn(
        { err: syncError, videoId: this.videoId },
        'the last live segments could not be stored',
      );
    }
    try {
      const status = await endBroadcast(this.settings.db, {
        videoId: this.videoId,
        broadcastId: this.broadcastId,
        onAir: this.watchable,
        recordedSegments: recorded,
        error,
      });
      logger.info(
        {
          videoId: this.videoId,
          broadcastId: this.broadcastId,
          status,
          recordedSegments: recorded,
        },
        'live broadcast ended',
      );
    } catch (dbError) {
      // The heartbeat stops with us: another node's sweep ends the broadcast (liveEventStore.endStaleBroadcasts).
      logger.error(
        { err: dbError, videoId: this.videoId },
        'live broadcast end could not be stored',
      );
    }
    await this.simulcastWrites;
    this.writeHealth(null);
    await this.healthWrites;
    if (this.scratch) await rm(this.scratch, { recursive: true, force: true });
    this.phase = 'ended';
    metrics().liveStreams.dec();
    this.onEnded(this);
  }
}

function sizeIn(
  metadata: Record<string, unknown> | null,
): { width: number; height: number } | null {
  const width = numberIn(metadata, 'width');
  const height = numberIn(metadata, 'height');
  return width && height ? { width: Math.round(width), height: Math.round(height) } : null;
}

function numberIn(metadata: Record<string, unknown> | null, name: string): number | null {
  const value = metadata?.[name];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
