// An SMTP server on loopback in its own process, as a real mail server would be: it takes each
// message off our hands and counts it without parsing. Driven over IPC by run.ts.
import process from 'node:process';
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
process.on('message', (m) => {
  if (m === 'count') process.send({ received });
  if (m === 'reset') received = 0;
  if (m === 'close') server.close(() => process.exit(0));
});
