import t from 'tap'
import { findUnstorableText } from '../src/text.js'

t.test('parsed input is walked for unstorable text, bytes are not', async (t) => {
  t.equal(findUnstorableText({ a: [{ b: 'x\u0000' }] }, 'body'), 'body.a.0.b: must not contain the NUL character')
  t.equal(findUnstorableText({ 'k\u0000': 1 }, 'querystring'), 'querystring: a field name must not contain the NUL character')
  // A body read as bytes (the gateway passes them on unread): a NUL byte is data, and walking a
  // large body byte by byte was the slowest part of proxying a write.
  t.equal(findUnstorableText(Buffer.from('a\u0000b'), 'body'), undefined)
  t.equal(findUnstorableText(new Uint8Array(1_000_000), 'body'), undefined)
})
