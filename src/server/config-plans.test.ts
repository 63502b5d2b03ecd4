import { describe, expect, it } from 'vitest'
import { problemsOf } from '../../tests/support/config-problems'
import { loadConfig } from './config'

const cwd = '/srv/mofu'

describe('PLANS', () => {
  it('is nothing by default: free alone, as the app then gives it', () => {
    expect(loadConfig({}, cwd).plans).toEqual([])
  })

  it('reads each plan, its Japanese label when given, and free as configured', () => {
    const plans = loadConfig(
      {
        PLANS: JSON.stringify([
          { name: 'premium', label: 'Premium', labelJa: 'プレミアム', pins: 30, folders: 50 },
          { name: 'free', pins: 3, folders: 10, publicFolders: 2 },
        ]),
      },
      cwd,
    ).plans
    expect(plans).toEqual([
      {
        name: 'premium',
        label: { en: 'Premium', ja: 'プレミアム' },
        pins: 30,
        folders: 50,
        publicFolders: 50,
      },
      { name: 'free', label: { en: 'Free', ja: 'フリー' }, pins: 3, folders: 10, publicFolders: 2 },
    ])
  })

  it.each([
    ['not JSON', '[{name:premium}]', 'PLANS: expected a JSON list of plans'],
    ['not a list', '{"name":"premium"}', 'PLANS: expected a JSON list of plans'],
    [
      'a name of capitals',
      '[{"name":"Premium","label":"Premium","pins":1}]',
      'PLANS.0.name: expected a name of lower-case letters, digits and -, such as premium',
    ],
    ['no label', '[{"name":"premium","pins":1}]', 'PLANS.0.label: expected a label'],
    ['no pins', '[{"name":"premium","label":"P"}]', 'PLANS.0.pins: expected a number of pins'],
    [
      'pins below 0',
      '[{"name":"premium","label":"P","pins":-1}]',
      'PLANS.0.pins: expected a whole number from 0 to 10000',
    ],
    [
      'more folders than a board may have',
      '[{"name":"premium","label":"P","pins":1,"folders":201}]',
      'PLANS.0.folders: expected a whole number from 0 to 200',
    ],
    [
      'a name twice',
      '[{"name":"free"},{"name":"free","pins":2}]',
      'PLANS.1.name: expected each name once; free is there twice',
    ],
    [
      'a key it does not know',
      '[{"name":"premium","label":"P","pins":1,"pinz":2}]',
      'PLANS.0: expected only name, label, labelJa, pins, folders and publicFolders, not pinz',
    ],
  ])('stops the server with what is wrong: %s', (_, value, problem) => {
    expect(problemsOf({ PLANS: value })).toEqual([problem])
  })
})

describe('PREMIUM_TEXT, PREMIUM_TEXT_JA and PREMIUM_URL', () => {
  it('say nothing by default', () => {
    expect(loadConfig({}, cwd).premiumHowTo).toBeNull()
  })

  it("are the Premium page's how-to, the Japanese text when given", () => {
    expect(
      loadConfig(
        {
          PREMIUM_TEXT: 'Support us on our shop.',
          PREMIUM_TEXT_JA: 'ショップから応援できます。',
          PREMIUM_URL: 'https://shop.example/mofu',
        },
        cwd,
      ).premiumHowTo,
    ).toEqual({
      text: { en: 'Support us on our shop.', ja: 'ショップから応援できます。' },
      url: 'https://shop.example/mofu',
    })
    expect(
      loadConfig({ PREMIUM_TEXT: 'Write to us.', PREMIUM_URL: 'mailto:owner@example.com' }, cwd)
        .premiumHowTo,
    ).toEqual({ text: { en: 'Write to us.' }, url: 'mailto:owner@example.com' })
  })

  it.each([
    [
      'a link of another kind',
      { PREMIUM_TEXT: 'Pay here.', PREMIUM_URL: 'javascript:alert(1)' },
      'PREMIUM_URL: expected an http(s):// or mailto: URL',
    ],
    [
      'a link without a text',
      { PREMIUM_URL: 'https://shop.example/' },
      'PREMIUM_TEXT: expected a text when PREMIUM_URL or PREMIUM_TEXT_JA is set',
    ],
    [
      'a text without a link',
      { PREMIUM_TEXT: 'Pay here.' },
      'PREMIUM_URL: expected a link when PREMIUM_TEXT is set',
    ],
    [
      'a Japanese text alone',
      { PREMIUM_TEXT_JA: 'こちら', PREMIUM_URL: 'https://shop.example/' },
      'PREMIUM_TEXT: expected a text when PREMIUM_URL or PREMIUM_TEXT_JA is set',
    ],
    [
      'a text too long',
      { PREMIUM_TEXT: 'a'.repeat(501), PREMIUM_URL: 'https://shop.example/' },
      'PREMIUM_TEXT: expected at most 500 characters',
    ],
  ])('stop the server with what is wrong: %s', (_, env, problem) => {
    expect(problemsOf(env)).toEqual([problem])
  })
})
