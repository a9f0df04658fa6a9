// Stylesheets have no behaviour to test; webpack bundles them.
module.exports = {};
