/** scrypt's work factors. */
export interface ScryptCost {
  N: number
  r: number
  p: number
}

/** A password hasher in Better Auth's shape (`emailAndPassword.password`). */
export interface PasswordHasher {
  hash(password: string): Promise<string>
  verify(data: { hash: string; password: string }): Promise<boolean>
}

/**
 * How Mofu hashes the secrets it checks: passwords and backup codes. A deployment never sets
 * it: passwords get Better Auth's scrypt (docs/decisions/scrypt-cost.md) and backup codes
 * `BACKUP_CODE_COST`. The integration tests' app factory passes a cheap one, as Phoenix's test
 * configuration lowers bcrypt's rounds: what those tests prove is which secret is accepted,
 * never how long checking it takes (docs/testing.md says which tests keep the real cost).
 */
export interface Hashing {
  password?: PasswordHasher
  backupCodeCost: ScryptCost
}

/** About 20 ms a code, for ten codes of 50 random bits each. */
export const BACKUP_CODE_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 }

export const PRODUCTION_HASHING: Hashing = { backupCodeCost: BACKUP_CODE_COST }
