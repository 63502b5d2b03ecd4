import { ComingSoon, PageHero } from '@client/components/page-hero'
import { PageSection } from '@client/components/page-section'

/** A decorative preview of chat bubbles. */
function ChatPreview() {
  return (
    <div aria-hidden="true" className="w-56 space-y-2 text-sm">
      <p className="w-fit rounded-2xl rounded-bl-sm bg-raised px-3 py-2 text-ink shadow-sm">
        Anyone else rewatching spring shows?
      </p>
      <p className="ml-auto w-fit rounded-2xl rounded-br-sm bg-accent px-3 py-2 text-surface shadow-sm">
        Always! ✿
      </p>
      <p className="w-fit rounded-2xl rounded-bl-sm bg-raised px-3 py-2 text-ink shadow-sm">
        Tea and episode one, then?
      </p>
    </div>
  )
}

export function SeeMePage() {
  return (
    <div className="space-y-10">
      <PageHero
        title="SeeME"
        tagline="A little chat corner where fans meet, say hello and share what they are watching."
        art={<ChatPreview />}
      />
      <ComingSoon title="The chat room is still being decorated">
        <p>
          Cushions are being fluffed and the kettle is on. When SeeME opens, you will be able to
          drop in, see who is around and chat about the shows you love.
        </p>
        <p>Until then, Mofu is keeping your seat warm.</p>
      </ComingSoon>
      <PageSection title="House rules, in advance">
        <ul className="list-disc space-y-1 pl-5">
          <li>Be kind. Everyone here is somebody&apos;s favourite person.</li>
          <li>Hide spoilers for episodes that aired this week.</li>
          <li>
            Keep it cosy: no spam, no shouting, no sharing other people&apos;s private details.
          </li>
        </ul>
      </PageSection>
    </div>
  )
}
