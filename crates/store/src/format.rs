//! The table file format, version 1 (`FORMAT.md` beside this crate is the specification; this
//! module is its one implementation). All integers are little-endian.
//!
//! ```text
//! offset 0      header, 4096 bytes (fields below, the rest zero)
//! 4096          outcome table: ceil(positions / 64) u64 words, bit r % 64 of word r / 64 set
//!               when rank r is a win for the player to move
//! page-aligned  remoteness table (when present): `positions` slots of `width` bytes holding
//!               half-excesses h (remoteness = S + 2h + ((win + S) mod 2), S = parts - end_parts)
//! page-aligned  digests: one u64 xxh3 per chunk of CHUNK bytes of the outcome table, then one
//!               per chunk of the remoteness table (the last chunk of each may be short)
//! end           file size = digests offset + 8 * digest count
//! ```

use xxhash_rust::xxh3::xxh3_64;

/// The first 16 bytes of every table file.
pub const MAGIC: [u8; 16] = *b"ZECKLAB TABLE\0\0\x01";
/// The format version this crate writes and reads.
pub const VERSION: u32 = 1;
/// The header's size, and the alignment of every region.
pub const PAGE: u64 = 4096;
/// Bytes a chunk digest covers (the last chunk of a region may be shorter).
pub const CHUNK: u64 = 1 << 20;
/// The game field for the Zeckendorf game.
pub const GAME_ZGAME: [u8; 16] = *b"zgame\0\0\0\0\0\0\0\0\0\0\0";

/// The header fields, in file order after the magic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    pub game: [u8; 16],
    pub n: u32,
    /// Bytes a remoteness slot takes: 0 (no remoteness), 1 or 2.
    pub remoteness_width: u32,
    pub positions: u64,
    /// Parts of the end position, needed to turn half-excesses back into remoteness.
    pub end_parts: u32,
    /// [`zecklab_games::zgame::PositionIndex::fingerprint`] of the ranking the tables use.
    pub ranking_fingerprint: u64,
    pub chunk: u64,
    pub outcome_offset: u64,
    pub outcome_bytes: u64,
    pub remoteness_offset: u64,
    pub remoteness_bytes: u64,
    pub digests_offset: u64,
    pub digest_count: u64,
    /// xxh3 over the digest list: the whole file's checksum.
    pub file_checksum: u64,
}

/// Where the fields sit in the header (after the 16-byte magic and the 4-byte version).
const FIELDS_AT: usize = 20;
/// Where the header checksum sits: xxh3 of the header page with these 8 bytes zeroed.
const HEADER_CHECKSUM_AT: usize = 200;

fn align(x: u64) -> u64 {
    x.div_ceil(PAGE) * PAGE
}

impl Header {
    /// The layout for a table of `positions` positions with the given remoteness width.
    pub fn layout(
        n: u32,
        positions: u64,
        remoteness_width: u32,
        end_parts: u32,
        ranking_fingerprint: u64,
    ) -> Header {
        let outcome_offset = PAGE;
        let outcome_bytes = positions.div_ceil(64) * 8;
        let remoteness_offset = align(outcome_offset + outcome_bytes);
        let remoteness_bytes = positions * u64::from(remoteness_width);
        let digests_offset = align(remoteness_offset + remoteness_bytes);
        let digest_count = outcome_bytes.div_ceil(CHUNK) + remoteness_bytes.div_ceil(CHUNK);
        Header {
            game: GAME_ZGAME,
            n,
            remoteness_width,
            positions,
            end_parts,
            ranking_fingerprint,
            chunk: CHUNK,
            outcome_offset,
            outcome_bytes,
            remoteness_offset,
            remoteness_bytes,
            digests_offset,
            digest_count,
            file_checksum: 0,
        }
    }

    /// The file's size in bytes.
    pub fn file_size(&self) -> u64 {
        self.digests_offset + 8 * self.digest_count
    }

    /// The chunks of the outcome table come first in the digest list.
    pub fn outcome_chunks(&self) -> u64 {
        self.outcome_bytes.div_ceil(self.chunk)
    }

    /// The header page, with its checksum.
    pub fn encode(&self) -> Vec<u8> {
        let mut page = vec![0u8; PAGE as usize];
        page[..16].copy_from_slice(&MAGIC);
        page[16..20].copy_from_slice(&VERSION.to_le_bytes());
        let mut at = FIELDS_AT;
        let mut put = |bytes: &[u8]| {
            page[at..at + bytes.len()].copy_from_slice(bytes);
            at += bytes.len();
        };
        put(&self.game);
        put(&self.n.to_le_bytes());
        put(&self.remoteness_width.to_le_bytes());
        put(&self.positions.to_le_bytes());
        put(&self.end_parts.to_le_bytes());
        put(&self.ranking_fingerprint.to_le_bytes());
        put(&self.chunk.to_le_bytes());
        put(&self.outcome_offset.to_le_bytes());
        put(&self.outcome_bytes.to_le_bytes());
        put(&self.remoteness_offset.to_le_bytes());
        put(&self.remoteness_bytes.to_le_bytes());
        put(&self.digests_offset.to_le_bytes());
        put(&self.digest_count.to_le_bytes());
        put(&self.file_checksum.to_le_bytes());
        debug_assert!(at <= HEADER_CHECKSUM_AT);
        let checksum = xxh3_64(&page);
        page[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].copy_from_slice(&checksum.to_le_bytes());
        page
    }

    /// Reads a header page; `Err` says what is wrong (bad magic, version, checksum or layout).
    pub fn decode(page: &[u8]) -> Result<Header, String> {
        if page.len() < PAGE as usize {
            return Err("shorter than its header".into());
        }
        if page[..16] != MAGIC {
            return Err("not a zecklab table (wrong magic number)".into());
        }
        let version = u32::from_le_bytes(page[16..20].try_into().expect("4 bytes"));
        if version != VERSION {
            return Err(format!("format version {version}, but this zecklab reads version {VERSION}"));
        }
        let mut zeroed = page[..PAGE as usize].to_vec();
        let stored =
            u64::from_le_bytes(zeroed[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].try_into().expect("8"));
        zeroed[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].fill(0);
        if xxh3_64(&zeroed) != stored {
            return Err("header checksum mismatch".into());
        }
        let mut at = FIELDS_AT;
        let mut take = |len: usize| {
            let bytes = &page[at..at + len];
            at += len;
            bytes
        };
        let game: [u8; 16] = take(16).try_into().expect("16");
        let u32_ = |b: &[u8]| u32::from_le_bytes(b.try_into().expect("4"));
        let u64_ = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8"));
        let n = u32_(take(4));
        let remoteness_width = u32_(take(4));
        let positions = u64_(take(8));
        let end_parts = u32_(take(4));
        let ranking_fingerprint = u64_(take(8));
        let chunk = u64_(take(8));
        let outcome_offset = u64_(take(8));
        let outcome_bytes = u64_(take(8));
        let remoteness_offset = u64_(take(8));
        let remoteness_bytes = u64_(take(8));
        let digests_offset = u64_(take(8));
        let digest_count = u64_(take(8));
        let file_checksum = u64_(take(8));
        let header = Header {
            game,
            n,
            remoteness_width,
            positions,
            end_parts,
            ranking_fingerprint,
            chunk,
            outcome_offset,
            outcome_bytes,
            remoteness_offset,
            remoteness_bytes,
            digests_offset,
            digest_count,
            file_checksum,
        };
        // Bound the counts before any arithmetic on them: a crafted header must not overflow.
        if remoteness_width > 2 || positions > 1 << 48 || n > 1 << 20 {
            return Err("inconsistent header: counts out of range".into());
        }
        // The layout is a function of the counts: anything else is a corrupt or foreign header.
        let mut expected = Header::layout(n, positions, remoteness_width, end_parts, ranking_fingerprint);
        expected.game = game;
        expected.file_checksum = file_checksum;
        if header != expected {
            return Err("inconsistent header layout".into());
        }
        Ok(header)
    }
}
