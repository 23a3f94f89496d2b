// Imported into `netlify dev`, which listens on every interface and has no option to choose:
// a server started without a host listens on 127.0.0.1 only. Nothing else changes.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const [first] = args;
  if (first && typeof first === 'object' && first.path === undefined && first.host === undefined)
    args[0] = { ...first, host: '127.0.0.1' };
  else if (typeof first === 'number' && typeof args[1] !== 'string') args.splice(1, 0, '127.0.0.1');
  return listen.apply(this, args);
};
