// Test-only stand-in for Google's https://apis.google.com/js/api.js, which an
// offline machine cannot load. Firebase Auth's popup flow (even against the
// Auth emulator) and the emulator's helper iframe both talk through
// gapi.iframes; this implements the part they use (load, getContext().open,
// getParentIframe, register, send, ping, restyle) over window.postMessage.
// The production code path is unchanged: with a network, Google's script runs.
(function () {
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) return;
  var TAG = '__agentflowGapiStandIn';
  var FILTER = 'CROSS_ORIGIN_IFRAMES_FILTER';
  var nextId = 1;

  /** One side of a postMessage channel with `peer` (a Window). */
  function Channel(getPeer) {
    var handlers = {};
    var pending = {};
    var readyCallbacks = [];
    var isReady = false;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- an ES5 script like the loader it stands in for: its callbacks are plain functions
    var self = this;
    this.markReady = function () {
      if (isReady) return;
      isReady = true;
      readyCallbacks.splice(0).forEach(function (cb) { cb(); });
    };
    this.whenReady = function (cb) {
      if (isReady) cb();
      else readyCallbacks.push(cb);
    };
    this.post = function (message) {
      var peer = getPeer();
      if (peer) peer.postMessage(Object.assign({}, message, { tag: TAG }), '*');
    };
    this.receive = function (message) {
      if (message.kind === 'ready') {
        self.markReady();
        if (!message.answer) self.post({ kind: 'ready', answer: true });
      } else if (message.kind === 'send') {
        var handler = handlers[message.name];
        var responses = [];
        if (handler) {
          try { responses.push(handler(message.payload)); } catch (error) { responses.push({ status: 'ERROR' }); }
        }
        self.post({ kind: 'reply', id: message.id, responses: responses });
      } else if (message.kind === 'reply' && pending[message.id]) {
        var callback = pending[message.id];
        delete pending[message.id];
        try { callback(message.responses); } catch (error) { /* gapi swallows callback errors */ }
      }
    };
    this.register = function (name, handler) { handlers[name] = handler; };
    this.unregister = function (name) { delete handlers[name]; };
    this.send = function (name, payload, callback) {
      var id = String(nextId++);
      if (callback) pending[id] = callback;
      self.whenReady(function () { self.post({ kind: 'send', id: id, name: name, payload: payload }); });
    };
  }

  var channels = []; // [{ window: () => Window, channel }]
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message.tag !== TAG) return;
    channels.forEach(function (entry) {
      if (entry.window() === event.source) entry.channel.receive(message);
    });
  });

  function Iframe(element, channel) {
    this.element = element;
    this.restyle = function () { return Promise.resolve(); };
    this.ping = function (callback) {
      return new Promise(function (resolve) {
        channel.whenReady(function () {
          if (callback) callback();
          resolve();
        });
      });
    };
    this.register = function (name, handler) { channel.register(name, handler); };
    this.unregister = function (name) { channel.unregister(name); };
    this.send = function (name, payload, callback) { channel.send(name, payload, callback); };
    this.getSiteEl = function () { return element; };
  }

  var parentChannel = null;
  var context = {
    open: function (options, onReady) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        if (name === 'style' && typeof attributes.style === 'object') {
          Object.keys(attributes.style).forEach(function (key) { element.style[key] = attributes.style[key]; });
        } else {
          element.setAttribute(name, attributes[name]);
        }
      });
      element.src = options.url;
      var channel = new Channel(function () { return element.contentWindow; });
      channels.push({ window: function () { return element.contentWindow; }, channel: channel });
      (options.where || document.body).appendChild(element);
      var iframe = new Iframe(element, channel);
      return Promise.resolve(onReady ? onReady(iframe) : iframe);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; });
        channels.push({ window: function () { return window.parent; }, channel: parentChannel });
        parentChannel.post({ kind: 'ready' });
      }
      return new Iframe(null, parentChannel);
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = { Iframe: Iframe, CROSS_ORIGIN_IFRAMES_FILTER: FILTER, getContext: function () { return context; } };
  window.gapi.load = function (_name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () { if (callback) callback(); }, 0);
  };

  // Like Google's loader: call ?onload=<name>, else window.gapi_onload.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
