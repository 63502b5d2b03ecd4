/** The words of the board's This week section and calendar feed (docs/architecture.md "Languages"). */
export const BOARD_WEEK = {
  title: 'This week',
  intro: 'New episodes of the titles you like in the next seven days, in your time zone.',
  loading: 'Loading this week’s episodes…',
  failed: 'This week’s episodes did not load.',
  none: 'Nothing you like airs in the next seven days. Heart a title that is on air now and its episodes appear here.',
  today: 'Today',
  zone: (zone: string) => `Times in ${zone}.`,
  watch: 'Where to watch',
  showAll: (count: number) => `Show all ${count} episodes of this day`,
  showFewer: 'Show fewer',
  feed: {
    title: 'Calendar feed',
    intro:
      'Subscribe from your calendar app to see the next eight weeks of episodes there. The address is private: anyone who has it can read which titles you like.',
    off: 'The feed is off.',
    onSince: (date: string) => `The feed is on, with an address made on ${date}.`,
    turnOn: 'Turn on the calendar feed',
    renew: 'Make a new address',
    renewHint: 'The old address stops working at once.',
    turnOff: 'Turn off the feed',
    addressLabel: 'Your calendar feed address',
    shownOnce:
      'Copy it now: for your safety it is shown only this once. Make a new address if you lose it.',
    copy: 'Copy address',
    copied: 'Address copied.',
    madeOff: 'The calendar feed is off; its address no longer works.',
  },
}
