/**
 * The picture size an H.264 encoder sends, read from its AVC sequence header (the FLV video
 * tag that carries the AVCDecoderConfigurationRecord): the first sequence parameter set's
 * macroblock counts less its cropping (ITU-T H.264 §7.3.2.1.1). Encoders need not send
 * onMetaData, and what it says is the encoder's setting, not what it encodes.
 */

const AVC_CODEC = 7;
/** Profiles whose SPS carries chroma format, bit depths and scaling matrices. */
const HIGH_PROFILES = new Set([100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135]);

export interface Resolution {
  width: number;
  height: number;
}

/** Reads bits of an RBSP (emulation prevention bytes already taken out). */
class BitReader {
  private bit = 0;
  private readonly bytes: Uint8Array;

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  u(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i += 1) {
      const byte = this.bytes[this.bit >> 3];
      if (byte === undefined) throw new RangeError('past the end of the parameter set');
      value = value * 2 + ((byte >> (7 - (this.bit & 7))) & 1);
      this.bit += 1;
    }
    return value;
  }

  /** Unsigned Exp-Golomb. */
  ue(): number {
    let zeros = 0;
    while (this.u(1) === 0) {
      zeros += 1;
      if (zeros > 31) throw new RangeError('not an Exp-Golomb code');
    }
    return 2 ** zeros - 1 + this.u(zeros);
  }

  /** Signed Exp-Golomb. */
  se(): number {
    const code = this.ue();
    return code % 2 === 1 ? (code + 1) / 2 : -code / 2;
  }
}

/** The NAL unit's payload without its emulation prevention bytes (00 00 03 → 00 00). */
function rbsp(nal: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < nal.length; i += 1) {
    if (i >= 2 && nal[i] === 3 && nal[i - 1] === 0 && nal[i - 2] === 0 && out.at(-1) === 0) {
      continue;
    }
    out.push(nal[i]!);
  }
  return Uint8Array.from(out);
}

function skipScalingList(bits: BitReader, size: number): void {
  let last = 8;
  let next = 8;
  for (let j = 0; j < size; j += 1) {
    if (next !== 0) next = (last + bits.se() + 256) % 256;
    last = next === 0 ? last : next;
  }
}

/** The size a sequence parameter set NAL unit (its header byte first) describes. */
function spsResolution(nal: Uint8Array): Resolution | null {
  try {
    const bits = new BitReader(rbsp(nal.subarray(1)));
    const profile = bits.u(8);
    bits.u(16); // constraint flags, level
    bits.ue(); // seq_parameter_set_id
    let chromaFormat = 1;
    let separatePlanes = 0;
    if (HIGH_PROFILES.has(profile)) {
      chromaFormat = bits.ue();
      if (chromaFormat === 3) separatePlanes = bits.u(1);
      bits.ue(); // bit_depth_luma_minus8
      bits.ue(); // bit_depth_chroma_minus8
      bits.u(1); // qpprime_y_zero_transform_bypass_flag
      if (bits.u(1) === 1)
        for (let i = 0; i < (chromaFormat === 3 ? 12 : 8); i += 1)
          if (bits.u(1) === 1) skipScalingList(bits, i < 6 ? 16 : 64);
    }
    bits.ue(); // log2_max_frame_num_minus4
    const pocType = bits.ue();
    if (pocType === 0) bits.ue();
    else if (pocType === 1) {
      bits.u(1);
      bits.se();
      bits.se();
      const cycle = bits.ue();
      for (let i = 0; i < cycle; i += 1) bits.se();
    }
    bits.ue(); // max_num_ref_frames
    bits.u(1); // gaps_in_frame_num_value_allowed_flag
    const widthMbs = bits.ue() + 1;
    const heightUnits = bits.ue() + 1;
    const frameMbsOnly = bits.u(1);
    if (frameMbsOnly === 0) bits.u(1);
    bits.u(1); // direct_8x8_inference_flag
    const crop = bits.u(1) === 1 ? [bits.ue(), bits.ue(), bits.ue(), bits.ue()] : [0, 0, 0, 0];
    const [left, right, top, bottom] = crop as [number, number, number, number];
    const monochrome = chromaFormat === 0 || separatePlanes === 1;
    const subWidth = monochrome || chromaFormat === 3 ? 1 : 2;
    const subHeight = monochrome || chromaFormat !== 1 ? 1 : 2;
    const width = widthMbs * 16 - subWidth * (left + right);
    const height =
      (2 - frameMbsOnly) * heightUnits * 16 - subHeight * (2 - frameMbsOnly) * (top + bottom);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * The size in an FLV video tag's body when it is an AVC sequence header (codec 7, packet
 * type 0), else null: another tag, another codec, or a record this cannot read.
 */
export function avcSequenceHeaderResolution(body: Uint8Array): Resolution | null {
  if (body.length < 13 || (body[0]! & 0x0f) !== AVC_CODEC || body[1] !== 0) return null;
  const record = body.subarray(5);
  if ((record[5]! & 0x1f) === 0) return null;
  const length = (record[6]! << 8) | record[7]!;
  const sps = record.subarray(8, 8 + length);
  return sps.length === length ? spsResolution(sps) : null;
}
