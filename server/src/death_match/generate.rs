//! Seeded rounds: board shapes and piece pools.
