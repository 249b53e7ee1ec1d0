import { MESSAGES } from '#common/messages.ts'

/**
 * The new-message sound: a short two-note chime synthesized with the Web Audio API, so there is
 * no audio file to ship or cache. Browsers allow sound only after the user has interacted with
 * the page; before that the chime is skipped quietly rather than reported as a failure.
 */
let context: AudioContext | null = null
let initFailed = false

function audioContext(): AudioContext | null {
  if (context || initFailed) return context
  try {
    context = new AudioContext()
  } catch (error) {
    initFailed = true
    console.error(MESSAGES.soundInitFailed, error)
  }
  return context
}

function mayPlay(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation
  return !activation || activation.hasBeenActive
}

const NOTES = [
  { frequency: 880, start: 0, length: 0.12 },
  { frequency: 1320, start: 0.1, length: 0.18 },
]

export async function playMessageSound(): Promise<void> {
  if (!mayPlay()) return
  const audio = audioContext()
  if (!audio) return
  try {
    if (audio.state === 'suspended') await audio.resume()
    const now = audio.currentTime
    for (const note of NOTES) {
      const oscillator = audio.createOscillator()
      const gain = audio.createGain()
      oscillator.type = 'sine'
      oscillator.frequency.value = note.frequency
      // A quick fade in and out: no click at either end.
      gain.gain.setValueAtTime(0, now + note.start)
      gain.gain.linearRampToValueAtTime(0.15, now + note.start + 0.02)
      gain.gain.exponentialRampToValueAtTime(0.001, now + note.start + note.length)
      oscillator.connect(gain).connect(audio.destination)
      oscillator.start(now + note.start)
      oscillator.stop(now + note.start + note.length + 0.02)
    }
  } catch (error) {
    console.error(MESSAGES.soundPlaybackFailed, error)
  }
}
