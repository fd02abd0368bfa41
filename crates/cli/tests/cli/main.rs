//! The command line end to end: every test drives the `zecklab` binary (or its server) the way a
//! user would. One test binary, so that the tests share one build and one link.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod data;
mod docs_examples;
mod family;
mod first_hour;
mod golden;
mod hardening;
mod house;
mod lab;
mod nim;
mod opening;
mod ordered;
mod output;
mod plot;
mod prove;
mod relatives;
mod repr;
mod serve;
mod store;
mod tiers;
mod unshakable;
mod verify;
mod wythoff;
mod zgame;
