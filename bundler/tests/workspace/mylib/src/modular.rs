//! Arithmetic modulo a prime, shaped like num-traits and num-bigint: a trait
//! that asks for every operator, and a type implementing them in several
//! forms. The demo adds and multiplies; nothing subtracts or divides, but
//! `Num` asks for `Sub` and `Div`, so rustc keeps them.

use std::ops::{Add, Div, Mul, Sub};

/// What generic arithmetic asks of a number.
pub trait Num:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Div<Output = Self>
{
    fn zero() -> Self;

    /// `self` times itself.
    fn square(self) -> Self {
        self * self
    }
}

const MOD: u64 = 1_000_000_007;

/// An integer modulo 1 000 000 007.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mint(pub u64);

impl Num for Mint {
    fn zero() -> Self {
        Mint(0)
    }
}

impl Add for Mint {
    type Output = Mint;
    fn add(self, other: Mint) -> Mint {
        Mint((self.0 + other.0) % MOD)
    }
}

impl Sub for Mint {
    type Output = Mint;
    fn sub(self, other: Mint) -> Mint {
        Mint(difference(self.0, other.0))
    }
}

/// `a - b` modulo [`MOD`], both already reduced: only `sub` calls it.
fn difference(a: u64, b: u64) -> u64 {
    let widened = a as u128 + MOD as u128 - b as u128;
    (widened % MOD as u128) as u64
}

impl Mul for Mint {
    type Output = Mint;
    fn mul(self, other: Mint) -> Mint {
        Mint(self.0 * other.0 % MOD)
    }
}

impl Div for Mint {
    type Output = Mint;
    fn div(self, other: Mint) -> Mint {
        self * other.inverse()
    }
}

impl Mul<u64> for Mint {
    type Output = Mint;
    fn mul(self, other: u64) -> Mint {
        self * Mint(other % MOD)
    }
}

impl Mint {
    /// `self` to the power `e`, by squaring.
    #[inline]
    pub fn pow(self, mut e: u64) -> Mint {
        let (mut base, mut out) = (self, Mint(1));
        while e > 0 {
            if e & 1 == 1 {
                out = out * base;
            }
            base = base.square();
            e >>= 1;
        }
        out
    }

    /// The inverse, by Fermat.
    pub fn inverse(self) -> Mint {
        self.pow(MOD - 2)
    }
}

/// The sum of `xs`.
pub fn sum<T: Num>(xs: &[T]) -> T {
    xs.iter().fold(T::zero(), |a, &b| a + b)
}
