import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '../../core/contract/index.ts'

/**
 * A software passkey authenticator for the API tests: a real P-256 key signing real
 * authenticatorData and clientDataJSON, as a browser and a platform authenticator would send
 * them ("none" attestation), so the server's WebAuthn library checks real signatures. It keeps
 * its discoverable credentials (with their user handles) and a signature counter each.
 */
export class SoftAuthenticator {
  readonly #credentials: SoftCredential[] = []
  /** Whether it says the user was verified (a PIN or biometric); a security key may not. */
  userVerified = true
  /** The signature counter's step per use; 0 makes it a passkey that does not count (synced passkeys). */
  counterStep = 1

  constructor(readonly origin: string) {}

  get credentials(): readonly SoftCredential[] {
    return this.#credentials
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const id = randomBytes(16)
    const credential: SoftCredential = { id: id.toString('base64url'), rpId: options.rp.id!, userHandle: options.user.id, privateKey, counter: 0 }
    this.#credentials.push(credential)
    const clientDataJSON = this.#clientData('webauthn.create', options.challenge)
    const authData = Buffer.concat([
      this.#authDataHead(credential, FLAG_ATTESTED),
      Buffer.alloc(16), // aaguid: none
      u16(id.length),
      id,
      coseKey(publicKey),
    ])
    const attestationObject = cbor(new Map<unknown, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get(): signs the challenge with `credential` (default: the first the options allow). */
  signIn(options: PublicKeyCredentialRequestOptionsJSON, credential = this.#pick(options)): AuthenticationResponseJSON {
    const clientDataJSON = this.#clientData('webauthn.get', options.challenge)
    const authenticatorData = this.#authDataHead(credential, 0)
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()])
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: sign('sha256', signed, credential.privateKey).toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** Another authenticator holding copies of these keys and counters (a cloned authenticator). */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.origin)
    for (const credential of this.#credentials) copy.#credentials.push({ ...credential })
    return copy
  }

  #pick(options: PublicKeyCredentialRequestOptionsJSON): SoftCredential {
    const allowed = options.allowCredentials?.map((entry) => entry.id)
    const found = this.#credentials.find((credential) => credential.rpId === options.rpId && (!allowed?.length || allowed.includes(credential.id)))
    if (!found) throw new Error('NotAllowedError: no credential for these options')
    return found
  }

  #clientData(type: string, challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }))
  }

  /** rpIdHash, flags (user present, verified when it is, backup eligible), counter: counted once per use. */
  #authDataHead(credential: SoftCredential, extraFlags: number): Buffer {
    credential.counter += this.counterStep
    const flags = FLAG_USER_PRESENT | (this.userVerified ? FLAG_USER_VERIFIED : 0) | extraFlags
    return Buffer.concat([createHash('sha256').update(credential.rpId).digest(), Buffer.from([flags]), u32(credential.counter)])
  }
}

export interface SoftCredential {
  id: string
  rpId: string
  userHandle: string
  privateKey: KeyObject
  counter: number
}

const FLAG_USER_PRESENT = 0x01
const FLAG_USER_VERIFIED = 0x04
const FLAG_ATTESTED = 0x40

/** The public key as a COSE_Key: EC2, ES256, P-256, x and y. */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' })
  return cbor(
    new Map<unknown, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
}

/** The little CBOR (RFC 8949) these structures need: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])])
  throw new Error(`cbor: cannot encode ${typeof value}`)
}

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  return Buffer.concat([Buffer.from([(major << 5) | 25]), u16(length)])
}

function u16(value: number): Buffer {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(value)
  return bytes
}

function u32(value: number): Buffer {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32BE(value)
  return bytes
}
