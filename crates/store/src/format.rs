//! The table file format, versions 1 and 2 (`FORMAT.md` beside this crate is the
//! specification; this module is its one implementation). Version 1 holds the Zeckendorf game;
//! version 2 adds the game's description (play, recurrence, rule set, remoteness encoding) for
//! the family's other members. The Zeckendorf game's tables are still written as version 1, so
//! every reader of version 1 keeps reading them. All integers are little-endian.
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

use crate::game::{RemotenessEncoding, TableGame};

/// The first 16 bytes of every table file.
pub const MAGIC: [u8; 16] = *b"ZECKLAB TABLE\0\0\x01";
/// The newest format version this crate writes and reads (it reads every older one).
pub const VERSION: u32 = 2;
/// The version of the Zeckendorf game's own tables (no game description).
pub const VERSION_ZECKENDORF: u32 = 1;
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
    /// The game (version 2; version 1 files hold the Zeckendorf game).
    pub table_game: TableGame,
}

/// Where the fields sit in the header (after the 16-byte magic and the 4-byte version).
const FIELDS_AT: usize = 20;
/// Where version 2's game description sits: misère, c, k, rules, remoteness encoding (u32 each).
const GAME_AT: usize = 128;
/// Where the header checksum sits: xxh3 of the header page with these 8 bytes zeroed.
const HEADER_CHECKSUM_AT: usize = 200;

fn align(x: u64) -> u64 {
    x.div_ceil(PAGE) * PAGE
}

impl Header {
    /// The layout for a table of `positions` positions with the given remoteness width.
    pub fn layout(
        table_game: TableGame,
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
            table_game,
        }
    }

    /// The version this header is written as: 1 for the Zeckendorf game, 2 for any other.
    pub fn version(&self) -> u32 {
        if self.table_game == TableGame::ZECKENDORF {
            VERSION_ZECKENDORF
        } else {
            VERSION
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
        page[16..20].copy_from_slice(&self.version().to_le_bytes());
        if self.version() >= 2 {
            let encoding = match self.table_game.encoding() {
                RemotenessEncoding::HalfExcess => 0u32,
                RemotenessEncoding::Plain => 1,
            };
            let codes = self.table_game.codes();
            for (i, v) in codes.iter().chain([&encoding]).enumerate() {
                page[GAME_AT + 4 * i..GAME_AT + 4 * i + 4].copy_from_slice(&v.to_le_bytes());
            }
        }
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

    /// Reads a header page.
    ///
    /// # Errors
    /// [`HeaderError`]: what is wrong (length, magic, version, checksum or layout).
    pub fn decode(page: &[u8]) -> Result<Header, HeaderError> {
        if page.len() < PAGE as usize {
            return Err(HeaderError::Short);
        }
        if page[..16] != MAGIC {
            return Err(HeaderError::NoMagic);
        }
        let version = u32::from_le_bytes(page[16..20].try_into().expect("4 bytes"));
        if !(VERSION_ZECKENDORF..=VERSION).contains(&version) {
            return Err(HeaderError::Version { version });
        }
        let mut zeroed = page[..PAGE as usize].to_vec();
        let stored =
            u64::from_le_bytes(zeroed[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].try_into().expect("8"));
        zeroed[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].fill(0);
        if xxh3_64(&zeroed) != stored {
            return Err(HeaderError::Checksum);
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
        let code = |i: usize| u32_(&page[GAME_AT + 4 * i..GAME_AT + 4 * i + 4]);
        let table_game = if version == VERSION_ZECKENDORF {
            TableGame::ZECKENDORF
        } else {
            let game = TableGame::from_codes([code(0), code(1), code(2), code(3)])
                .ok_or(HeaderError::UnknownGame)?;
            let encoding = match game.encoding() {
                RemotenessEncoding::HalfExcess => 0,
                RemotenessEncoding::Plain => 1,
            };
            if code(4) != encoding || game == TableGame::ZECKENDORF {
                return Err(HeaderError::Inconsistent("game description"));
            }
            game
        };
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
            table_game,
        };
        // Bound the counts before any arithmetic on them: a crafted header must not overflow.
        let plain_width = table_game.encoding() == RemotenessEncoding::Plain && remoteness_width == 1;
        if remoteness_width > 2 || plain_width || positions > 1 << 48 || n > 1 << 20 {
            return Err(HeaderError::Inconsistent("header: counts out of range"));
        }
        // The layout is a function of the counts: anything else is a corrupt or foreign header.
        let mut expected =
            Header::layout(table_game, n, positions, remoteness_width, end_parts, ranking_fingerprint);
        expected.game = game;
        expected.file_checksum = file_checksum;
        if header != expected {
            return Err(HeaderError::Inconsistent("header layout"));
        }
        Ok(header)
    }
}

/// Why a page is not a table's header.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HeaderError {
    /// The page is shorter than a header.
    #[error("shorter than its header")]
    Short,
    /// The magic number is not zecklab's.
    #[error("not a zecklab table (wrong magic number)")]
    NoMagic,
    /// A format version this zecklab does not read.
    #[error("format version {version}, but this zecklab reads versions {VERSION_ZECKENDORF} to {VERSION}")]
    Version {
        /// The version the header names.
        version: u32,
    },
    /// The header's checksum does not match its bytes.
    #[error("header checksum mismatch")]
    Checksum,
    /// The game the header describes is not one this zecklab knows.
    #[error("a game description this zecklab does not know")]
    UnknownGame,
    /// Fields that cannot all be true of one table (what is inconsistent).
    #[error("inconsistent {0}")]
    Inconsistent(&'static str),
}

#[cfg(test)]
mod tests {
    use super::*;
    use zecklab_games::zgame::family::{Recurrence, RuleSet};

    /// `page` with the u32 at `at` set to `value` and the header checksum made valid again.
    fn forged(page: &[u8], at: usize, value: u32) -> Vec<u8> {
        let mut page = page.to_vec();
        page[at..at + 4].copy_from_slice(&value.to_le_bytes());
        page[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].fill(0);
        let checksum = xxh3_64(&page);
        page[HEADER_CHECKSUM_AT..HEADER_CHECKSUM_AT + 8].copy_from_slice(&checksum.to_le_bytes());
        page
    }

    #[test]
    fn game_descriptions_read_back_and_forged_ones_are_refused() {
        let games = [
            TableGame::ZECKENDORF,
            TableGame::new(Recurrence::FIBONACCI, RuleSet::All, true),
            TableGame::new(Recurrence::new(2, 3).unwrap(), RuleSet::NoInitialCombine, true),
        ];
        for game in games {
            let width = if game.is_fibonacci() { 1 } else { 2 };
            let header = Header::layout(game, 40, 1489, width, 4, 0x1234);
            let page = header.encode();
            assert_eq!(Header::decode(&page).unwrap(), header);
            let version = if game == TableGame::ZECKENDORF { 1 } else { 2 };
            assert_eq!(u32::from_le_bytes(page[16..20].try_into().unwrap()), version);
        }
        let page = Header::layout(games[2], 40, 47, 2, 4, 0x1234).encode();
        for (at, value) in
            [(GAME_AT, 2), (GAME_AT + 4, 0), (GAME_AT + 8, 1), (GAME_AT + 12, 7), (GAME_AT + 16, 0)]
        {
            assert!(Header::decode(&forged(&page, at, value)).is_err(), "field at {at} = {value}");
        }
        // A version 2 header naming the Zeckendorf game itself, or a plain encoding one byte wide.
        let zeckendorf_as_v2 = forged(&forged(&page, GAME_AT + 4, 1), GAME_AT + 8, 2);
        assert!(Header::decode(&zeckendorf_as_v2).is_err());
        assert!(Header::decode(&forged(&page, 16, 3)).is_err(), "an unknown version");
    }
}
