//! The instruction set the sweep's hot loops run with: detected once, and each hot loop compiled
//! twice (baseline and x86-64-v3) by [`compiled_twice`], the choice made at the call.

/// Defines the method `$name`, which runs `$inline` (a method marked `#[inline(always)]`, so
/// that it and what it inlines are compiled anew into each caller) as compiled for x86-64-v3 by
/// `$v3` where [`Runs::isa`] says so, and as compiled for the baseline instruction set
/// otherwise. x86-64-v3 brings AVX2 (the remoteness pass's 16 lanes in one register), BMI1 and
/// BMI2 (shifts by any register, `andn`).
macro_rules! compiled_twice {
    (
        $(#[$attr:meta])*
        fn $name:ident / $v3:ident / $inline:ident($($arg:ident: $ty:ty),* $(,)?) -> $ret:ty
    ) => {
        $(#[$attr])*
        pub(super) fn $name(&self, $($arg: $ty),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if self.isa != $crate::tiers::runs::isa::Isa::Baseline {
                // SAFETY: the x86-64-v3 variants are chosen only where the processor has their
                // features.
                return unsafe { self.$v3($($arg),*) };
            }
            self.$inline($($arg),*)
        }

        #[doc = concat!("[`Runs::", stringify!($name), "`] compiled for x86-64-v3.")]
        ///
        /// # Safety
        /// The processor must have the features enabled here.
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
        pub(super) unsafe fn $v3(&self, $($arg: $ty),*) -> $ret {
            self.$inline($($arg),*)
        }
    };
}

/// The instruction set the sweep's hot loops run with (see [`compiled_twice`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Isa {
    /// What every processor of the target has.
    Baseline,
    /// x86-64-v3's AVX2, BMI1, BMI2, LZCNT, POPCNT and FMA (Intel from 2013, AMD from 2015).
    X86_64V3,
    /// [`Isa::X86_64V3`] where BMI2's bit deposit and extract (`pdep`, `pext`) take a few cycles:
    /// Intel's, and AMD's from Zen 3 (2020) on. Zen 1 and 2 run them in microcode, in tens to
    /// hundreds of cycles, so there the run's own move resolves by shifts alone
    /// ([`resolve_short_run`]).
    X86_64V3FastDeposit,
    /// [`Isa::X86_64V3FastDeposit`] with AVX-512 F, BW and VL (Intel's from 2017, AMD's from
    /// Zen 4, 2022): the outcome pass takes eight runs of a group at once, their bounds and
    /// children's ranks in the lanes of one register ([`Runs::group_in_vectors`]), and the
    /// remoteness pass reads each chunk of children by one masked load
    /// ([`Runs::group_remoteness_v4`]).
    X86_64V4,
}

impl Isa {
    /// The best this processor has.
    pub(crate) fn detect() -> Isa {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("fma")
        {
            if !Isa::deposit_is_fast() {
                return Isa::X86_64V3;
            }
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
                && std::arch::is_x86_feature_detected!("avx512vl")
            {
                return Isa::X86_64V4;
            }
            return Isa::X86_64V3FastDeposit;
        }
        Isa::Baseline
    }

    /// Whether `pdep` and `pext` are fast with this instruction set ([`resolve_by_deposit`]).
    pub(crate) fn has_fast_deposit(self) -> bool {
        matches!(self, Isa::X86_64V3FastDeposit | Isa::X86_64V4)
    }

    /// Every instruction set this processor can run, the best first (the tests run each).
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Isa> {
        match Isa::detect() {
            Isa::X86_64V4 => vec![Isa::X86_64V4, Isa::X86_64V3FastDeposit, Isa::X86_64V3, Isa::Baseline],
            Isa::X86_64V3FastDeposit => vec![Isa::X86_64V3FastDeposit, Isa::X86_64V3, Isa::Baseline],
            Isa::X86_64V3 => vec![Isa::X86_64V3, Isa::Baseline],
            Isa::Baseline => vec![Isa::Baseline],
        }
    }

    /// Whether `pdep` and `pext` are fast here: on Intel's processors that have them, and on
    /// AMD's (and Hygon's) from family 19h (Zen 3) on. Unknown vendors count as slow.
    #[cfg(target_arch = "x86_64")]
    fn deposit_is_fast() -> bool {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let name: Vec<u8> =
            [vendor.ebx, vendor.edx, vendor.ecx].iter().flat_map(|r| r.to_le_bytes()).collect();
        let signature = __cpuid(1).eax;
        // The family as the vendors define it: the base family, plus the extended one at 0xF.
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF { base + ((signature >> 20) & 0xFF) } else { base };
        match &name[..] {
            b"GenuineIntel" => true,
            b"AuthenticAMD" | b"HygonGenuine" => family >= 0x19,
            _ => false,
        }
    }
}
