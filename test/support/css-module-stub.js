// CSS modules in jsdom: every class name reads as its own key (styles.card === 'card').
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
