import type { PinRaceResult } from './pin-race'
import type { PipelineResult } from './avatar-pipeline'
import type { BoardDragResult } from './board-drag'
import type { CatalogLoadResult } from './catalog-load'
import type { FrontEndSizes } from './front-end'
import type { HttpCaseResult } from './http-cases'
import type { LighthouseResult } from './lighthouse'
import type { MachineFacts } from './machine'
import type { MetricsCost } from './metrics-cost'
import type { ScalePoint } from './scale'
import type { BenchSettings } from './settings'
import type { ShareCardResult } from './share-card'
import type { SignInResult } from './sign-in'
import type { WidgetBytes } from '../tests/support/avatar-bytes'

/** Every figure of one run, as measured (written to bench/results/latest.json). */
export interface Figures {
  frontEnd: FrontEndSizes
  avatarPipeline: PipelineResult[]
  http: HttpCaseResult[]
  /**
   * Avatar bytes each widget downloads on a 2x screen (bench/avatar-bytes.ts); absent from
   * results of runs before it was measured.
   */
  avatarWidgets?: WidgetBytes[]
  signIn: SignInResult
  lighthouse: LighthouseResult[]
  /** A card dragged on the seeded board (bench/board-drag.ts); absent from runs before it was measured. */
  boardDrag?: BoardDragResult
  scale: ScalePoint[]
  /** The metrics middleware's cost on the handle check; absent from runs before it was measured. */
  metricsCost?: MetricsCost
  /** One share card made in-process (bench/share-card.ts); absent from runs before it was measured. */
  shareCard?: ShareCardResult
  /** The pin race (bench/pin-race.ts); absent from runs before it was measured. */
  pinRace?: PinRaceResult
  /** The shipped catalog's load at start (bench/catalog-load.ts); absent from runs before it was measured. */
  catalogLoad?: CatalogLoadResult
}

export interface GoalResult {
  goal: string
  target: string
  figure: string
  /** The figure as a plain number (bytes, ms, ratio, score or CLS). */
  value: number
  met: boolean
  /** How far from the target: headroom when met, the shortfall when missed. */
  margin: string
}

export interface BenchResults {
  mode: BenchSettings['mode']
  machine: MachineFacts
  settings: BenchSettings
  notes: string[]
  figures: Figures
  goals: GoalResult[]
  wallSeconds: number
}
